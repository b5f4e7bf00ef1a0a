/** Component keys of the engine's generic route kinds (kept as strings: the engine is loaded lazily). */
export const DIRECTORY_COMPONENT = 'basic/directory';
export const LINK_COMPONENT = 'basic/externalLink';
