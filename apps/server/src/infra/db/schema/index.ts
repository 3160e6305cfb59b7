export * from './assistants';
export * from './knowledge';
export * from './site';
export * from './users';
