export * from './advance';
export * from './contracts';
export * from './guest';
export * from './results';
export * from './status-machine';
