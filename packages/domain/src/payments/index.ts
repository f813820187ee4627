export * from './contracts';
export * from './status-machine';
