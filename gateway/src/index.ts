export * from './config';
export * from './embedded/start-embedded';
export * from './gateway-app';
export * from './routing';
export * from './spa';
export * from './upstreams';
