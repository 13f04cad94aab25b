import { defineRemoteConfig } from '@backoffice/shared/mf/remote';

// The support-users area's remote (areas.json); everything else is the same for every remote.
export default defineRemoteConfig({ area: 'support-users' });
