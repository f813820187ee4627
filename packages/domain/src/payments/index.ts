export * from './advance';
export * from './contracts';
export * from './results';
export * from './status-machine';
