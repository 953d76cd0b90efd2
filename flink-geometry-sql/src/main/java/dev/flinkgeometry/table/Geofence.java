/*
 * Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except
 * in compliance with the License. You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software distributed under the License
 * is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express
 * or implied. See the License for the specific language governing permissions and limitations under
 * the License.
 */
package dev.flinkgeometry.table;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.dataview.MapView;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.table.functions.TableSemantics;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.inference.CallContext;
import org.apache.flink.table.types.inference.StateTypeStrategy;
import org.apache.flink.table.types.inference.StaticArgument;
import org.apache.flink.table.types.inference.StaticArgumentTrait;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RawType;
import org.apache.flink.types.ColumnList;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.locationtech.jts.geom.Geometry;

/**
 * {@code GEOFENCE(fixes => TABLE f PARTITION BY cell, zones => TABLE z PARTITION BY cell,
 * fix_column => DESCRIPTOR(fix), zone_column => DESCRIPTOR(shape), zone_key => DESCRIPTOR(id) [,
 * predicate => 'ST_Contains'])}: each fix matched against the zones of its partition as they are
 * when it arrives (docs/SPATIAL-JOINS.md). Zone rows {@code +I}/{@code +U} put a zone into its
 * partition's state, {@code -U}/{@code -D} take it out; fixes are never kept. One output row per
 * fix and matching zone: the fix's columns, then the zone's without its geometry (Flink puts the
 * partition keys first). The predicate, {@code ST_Contains}, {@code ST_Covers} or {@code
 * ST_Intersects} of {@code (zone, fix)}, is the module's own, so the answers are PostGIS's.
 */
@Internal
public final class Geofence extends ProcessTableFunction<Row> {
    private static final long serialVersionUID = 1L;

    static final String NAME = "GEOFENCE";
    private static final int FIXES = 0;
    private static final int ZONES = 1;
    private static final int FIX_COLUMN = 2;
    private static final int ZONE_COLUMN = 3;
    private static final int ZONE_KEY = 4;
    private static final int PREDICATE = 5;

    private transient Layout layout;
    private transient ZoneCells cells;

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        LinkedHashMap<String, StateTypeStrategy> state = new LinkedHashMap<>();
        state.put("zones", StateTypeStrategy.of(Geofence::zonesState));
        return TypeInference.newBuilder()
                .staticArguments(
                        StaticArgument.table(
                                "fixes",
                                Row.class,
                                false,
                                EnumSet.of(
                                        StaticArgumentTrait.TABLE,
                                        StaticArgumentTrait.SET_SEMANTIC_TABLE)),
                        StaticArgument.table(
                                "zones",
                                Row.class,
                                false,
                                EnumSet.of(
                                        StaticArgumentTrait.TABLE,
                                        StaticArgumentTrait.SET_SEMANTIC_TABLE,
                                        StaticArgumentTrait.SUPPORT_UPDATES,
                                        StaticArgumentTrait.REQUIRE_UPDATE_BEFORE)),
                        StaticArgument.scalar("fix_column", DataTypes.DESCRIPTOR(), false),
                        StaticArgument.scalar("zone_column", DataTypes.DESCRIPTOR(), false),
                        StaticArgument.scalar("zone_key", DataTypes.DESCRIPTOR(), false),
                        StaticArgument.scalar("predicate", DataTypes.STRING(), true))
                .stateTypeStrategies(state)
                .outputTypeStrategy(context -> Optional.of(Layout.of(context).output))
                .build();
    }

    /** Per partition: zone key to zone row. */
    private static Optional<DataType> zonesState(CallContext context) {
        Layout layout = Layout.of(context);
        return Optional.of(MapView.newMapViewDataType(layout.zoneKeyType, layout.zoneType));
    }

    public void eval(
            Context context,
            MapView<Object, Row> zoneState,
            Row fix,
            Row zone,
            ColumnList fixColumn,
            ColumnList zoneColumn,
            ColumnList zoneKey,
            String predicate)
            throws Exception {
        if (layout == null) {
            layout =
                    Layout.of(
                            context.tableSemanticsFor("fixes"),
                            context.tableSemanticsFor("zones"),
                            fixColumn,
                            zoneColumn,
                            zoneKey,
                            predicate);
            cells = new ZoneCells(layout.predicate, layout.zoneColumn);
        }
        if (zone != null) {
            Object cell = layout.zoneCell(zone);
            Object key = zone.getField(layout.zoneKey);
            if (key == null) {
                throw new IllegalArgumentException(
                        NAME + ": a zone row has a NULL zone_key, which no later row can delete");
            }
            RowKind kind = zone.getKind();
            if (kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER) {
                zone.setKind(RowKind.INSERT);
                zoneState.put(key, zone);
            } else {
                zoneState.remove(key);
            }
            cells.changed(cell);
        }
        if (fix != null) {
            Geometry point = (Geometry) fix.getField(layout.fixColumn);
            if (point == null) {
                return;
            }
            for (Row match : cells.matches(layout.fixCell(fix), zoneState, point)) {
                collect(layout.output(fix, match));
            }
        }
    }

    /** Where the columns are, resolved once from the call. */
    static final class Layout {
        final int[] fixCells;
        final int[] zoneCells;
        final int fixColumn;
        final int zoneColumn;
        final int zoneKey;
        final int[] fixOut;
        final int[] zoneOut;
        final ZonePredicate predicate;
        final DataType zoneType;
        final DataType zoneKeyType;
        final DataType output;

        private Layout(
                TableSemantics fixes,
                TableSemantics zones,
                ColumnList fixColumn,
                ColumnList zoneColumn,
                ColumnList zoneKey,
                String predicate,
                Errors errors) {
            List<String> fixNames = DataType.getFieldNames(fixes.dataType());
            List<String> zoneNames = DataType.getFieldNames(zones.dataType());
            List<DataType> fixTypes = DataType.getFieldDataTypes(fixes.dataType());
            List<DataType> zoneTypes = DataType.getFieldDataTypes(zones.dataType());
            this.fixCells = fixes.partitionByColumns();
            this.zoneCells = zones.partitionByColumns();
            this.fixColumn = column("fix_column", fixColumn, fixNames, errors);
            this.zoneColumn = column("zone_column", zoneColumn, zoneNames, errors);
            this.zoneKey = column("zone_key", zoneKey, zoneNames, errors);
            requireGeometry("fix_column", fixNames, fixTypes, this.fixColumn, errors);
            requireGeometry("zone_column", zoneNames, zoneTypes, this.zoneColumn, errors);
            if (this.zoneKey == this.zoneColumn) {
                throw errors.error("zone_key must name a column other than zone_column");
            }
            this.predicate = predicate(predicate, errors);
            List<DataTypes.Field> fields = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (int p : fixCells) {
                names.add(fixNames.get(p));
            }
            for (int p : zoneCells) {
                names.add(zoneNames.get(p));
            }
            this.fixOut = outside(fixNames.size(), fixCells, -1);
            this.zoneOut = outside(zoneNames.size(), zoneCells, this.zoneColumn);
            for (int p : fixOut) {
                fields.add(field(fixNames.get(p), fixTypes.get(p), names, errors));
            }
            for (int p : zoneOut) {
                fields.add(field(zoneNames.get(p), zoneTypes.get(p), names, errors));
            }
            this.output = DataTypes.ROW(fields.toArray(new DataTypes.Field[0]));
            this.zoneType = zones.dataType();
            this.zoneKeyType = zoneTypes.get(this.zoneKey).notNull();
        }

        static Layout of(CallContext context) {
            Errors errors =
                    (format, args) -> context.newValidationError(NAME + ": " + format, args);
            TableSemantics fixes =
                    context.getTableSemantics(FIXES)
                            .orElseThrow(() -> errors.error("fixes must be a table"));
            TableSemantics zones =
                    context.getTableSemantics(ZONES)
                            .orElseThrow(() -> errors.error("zones must be a table"));
            return new Layout(
                    fixes,
                    zones,
                    descriptor(context, FIX_COLUMN, "fix_column", errors),
                    descriptor(context, ZONE_COLUMN, "zone_column", errors),
                    descriptor(context, ZONE_KEY, "zone_key", errors),
                    context.isArgumentNull(PREDICATE)
                            ? null
                            : context.getArgumentValue(PREDICATE, String.class)
                                    .orElseThrow(() -> errors.error("predicate must be a literal")),
                    errors);
        }

        static Layout of(
                TableSemantics fixes,
                TableSemantics zones,
                ColumnList fixColumn,
                ColumnList zoneColumn,
                ColumnList zoneKey,
                String predicate) {
            return new Layout(
                    fixes,
                    zones,
                    fixColumn,
                    zoneColumn,
                    zoneKey,
                    predicate,
                    (format, args) ->
                            new IllegalArgumentException(
                                    NAME + ": " + String.format(Locale.ROOT, format, args)));
        }

        Object fixCell(Row fix) {
            return cell(fix, fixCells);
        }

        Object zoneCell(Row zone) {
            return cell(zone, zoneCells);
        }

        Row output(Row fix, Row zone) {
            Row out = new Row(fixOut.length + zoneOut.length);
            int n = 0;
            for (int p : fixOut) {
                out.setField(n++, fix.getField(p));
            }
            for (int p : zoneOut) {
                out.setField(n++, zone.getField(p));
            }
            return out;
        }

        private static Object cell(Row row, int[] columns) {
            if (columns.length == 1) {
                return row.getField(columns[0]);
            }
            List<Object> key = new ArrayList<>(columns.length);
            for (int p : columns) {
                key.add(row.getField(p));
            }
            return key;
        }

        private static ColumnList descriptor(
                CallContext context, int position, String name, Errors errors) {
            return context.getArgumentValue(position, ColumnList.class)
                    .orElseThrow(
                            () ->
                                    errors.error(
                                            "%s must be a DESCRIPTOR of one column, e.g."
                                                    + " DESCRIPTOR(shape)",
                                            name));
        }

        private static int column(
                String argument, ColumnList descriptor, List<String> names, Errors errors) {
            if (descriptor.getNames().size() != 1) {
                throw errors.error(
                        "%s must name one column, got %s", argument, descriptor.getNames());
            }
            int position = names.indexOf(descriptor.getNames().get(0));
            if (position < 0) {
                throw errors.error(
                        "%s names %s, which is not a column of %s",
                        argument, descriptor.getNames().get(0), names);
            }
            return position;
        }

        private static void requireGeometry(
                String argument,
                List<String> names,
                List<DataType> types,
                int position,
                Errors errors) {
            DataType type = types.get(position);
            boolean geometry =
                    type.getLogicalType().is(LogicalTypeRoot.RAW)
                            && Geometry.class.isAssignableFrom(
                                    ((RawType<?>) type.getLogicalType()).getOriginatingClass());
            if (!geometry || GeometryArgument.splitsEqualGeometries(type.getLogicalType())) {
                throw errors.error(
                        "%s names %s of type %s, not a geometry column of the module"
                                + " (GeometryDataTypes.geometry(), or ST_GeomFromWKB and its"
                                + " kin)",
                        argument, names.get(position), type.getLogicalType().asSummaryString());
            }
        }

        private static ZonePredicate predicate(String name, Errors errors) {
            if (name == null) {
                return ZonePredicate.CONTAINS;
            }
            try {
                return ZonePredicate.ofSqlName(name);
            } catch (IllegalArgumentException e) {
                throw errors.error("%s", e.getMessage());
            }
        }

        private static int[] outside(int count, int[] partition, int also) {
            List<Integer> kept = new ArrayList<>();
            for (int p = 0; p < count; p++) {
                boolean skip = p == also;
                for (int k : partition) {
                    skip |= k == p;
                }
                if (!skip) {
                    kept.add(p);
                }
            }
            return kept.stream().mapToInt(Integer::intValue).toArray();
        }

        private static DataTypes.Field field(
                String name, DataType type, List<String> names, Errors errors) {
            if (names.contains(name)) {
                throw errors.error(
                        "the fixes and the zones both have a column %s: rename one of them", name);
            }
            names.add(name);
            return DataTypes.FIELD(name, type);
        }
    }

    /** Makes the exception of a bad call: a validation error while planning, else a runtime one. */
    @FunctionalInterface
    interface Errors {
        RuntimeException error(String format, Object... args);
    }
}
