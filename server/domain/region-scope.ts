/** The dashboard's region 'all': every region, for the incidents filter, the export and the scores alike. */
const ALL_REGIONS = 'all';

/** The region a query is narrowed to; undefined (for 'all' or no region) means every region. */
export function regionScope(regionId: string | undefined): string | undefined {
  return regionId === undefined || regionId === ALL_REGIONS ? undefined : regionId;
}
