// Request and response schemas of the HTTP API, shared by the server and the host's API client.
export * from './business';
export * from './chat';
export * from './file';
export * from './meeting';
export * from './message';
export * from './oauth';
export * from './online-user';
export * from './permission';
export * from './portal';
export * from './project';
export * from './system-data';
export * from './visualdev';
export * from './websocket';
export * from './workflow';
