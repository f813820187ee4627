export * from './enzona.gateway';
export * from './gateways';
export * from './payment-gateway';
export * from './transfermovil.gateway';
