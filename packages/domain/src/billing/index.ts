export * from './client-code';
export * from './contracts';
export * from './demo';
export * from './display-status';
export * from './generator';
export * from './tariff';
