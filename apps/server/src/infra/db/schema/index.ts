export * from './assistants';
export * from './conversations';
export * from './knowledge';
export * from './notifications';
export * from './site';
export * from './telegram';
export * from './triggers';
export * from './users';
