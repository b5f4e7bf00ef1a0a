// Portal and portal layout schemas (spec 3 §3 Portal) with their validators.
export * from './portal';
