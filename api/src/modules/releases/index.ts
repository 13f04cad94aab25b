// The releases module's public entry: what the auth plugin and other modules may use.
export { actorOf, BOOTSTRAP_ACTOR, findOperatorToken, type Operator } from './operators.ts';
export { GATE_ADMIN, gateSessionLive, tamperedReleases } from './repository.ts';
