export {
  type BuildRoutesOptions,
  buildRoutes,
  DIRECTORY_COMPONENT,
  DYNAMIC_COMPONENTS,
  LINK_COMPONENT,
  PORTAL_PAGE_COMPONENT,
  type RouteDescriptor,
  type RouteLayout,
  type RouteMeta,
} from './buildRoutes';
export { hasPermission, type PermissionKind } from './permission';
