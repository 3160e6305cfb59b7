export * from './assistants';
export * from './auth';
export * from './common';
export * from './knowledge';
export * from './limits';
export * from './site';
export * from './visitor';
export * from './widgets';
