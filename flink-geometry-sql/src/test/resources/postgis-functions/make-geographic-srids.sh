#!/bin/sh
# Writes the SRIDs for which PostGIS 3.3's ST_AsTWKB(g) rounds X and Y to 5 decimals by default
# (a geographic, lon/lat spatial reference: PostGIS's srid_axis_precision), one a line, into
# src/main/resources/dev/flinkgeometry/table/twkb-geographic-srids.txt, for StAsTwkb. Found by
# asking PostGIS itself: the precision of ST_AsTWKB of a point with each SRID of its
# spatial_ref_sys. Run by hand against a private server (see ci/private-postgis.sh):
#
#   PGHOST=127.0.0.1 PGPORT=55436 PGUSER=geofence sh make-geographic-srids.sh geofence
set -eu
DB="${1:-geofence}"
DIR="$(cd "$(dirname "$0")/../../../main/resources/dev/flinkgeometry/table" && pwd)"
VERSION="$(psql -X -A -t -d "$DB" -c 'SELECT postgis_lib_version()')"
{
  echo "# made by make-geographic-srids.sh with PostGIS $VERSION: SRIDs whose ST_AsTWKB default XY precision is 5"
  psql -X -q -A -t -v ON_ERROR_STOP=1 -d "$DB" -c "
    SELECT srid FROM spatial_ref_sys
    WHERE srid <= 16777215
      AND get_byte(ST_AsTWKB(ST_SetSRID('POINT(1 1)'::geometry, srid)), 0) = 161 -- 0xa1: precision 5
    ORDER BY srid"
} > "$DIR/twkb-geographic-srids.txt"
