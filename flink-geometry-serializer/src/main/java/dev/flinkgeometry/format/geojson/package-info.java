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
/**
 * GeoJSON geometry objects (RFC 7946) as PostGIS 3.3 reads and writes them: {@link
 * dev.flinkgeometry.format.geojson.GeoJsonReader} ({@code ST_GeomFromGeoJSON}), {@link
 * dev.flinkgeometry.format.geojson.GeoJsonWriter} ({@code ST_AsGeoJSON}) and the error they raise,
 * {@link dev.flinkgeometry.format.geojson.GeoJsonFormatException}. The JSON parser and the number
 * printer they use are private to this package.
 */
package dev.flinkgeometry.format.geojson;
