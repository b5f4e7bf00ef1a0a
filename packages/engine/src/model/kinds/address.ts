// Region (省市区): a path of region ids (paths when `multiple`); names resolved from the region table.
import { base, defineKind, pathOrPaths } from './kind';

export default defineKind({
  ...base.structured,
  key: 'address',
  conditionType: 'list',
  shape: pathOrPaths,
  names: 'region',
});
