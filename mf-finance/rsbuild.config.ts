import { defineRemoteConfig } from '@backoffice/shared/mf/remote';

// The finance area's remote (areas.json); everything else is the same for every remote.
export default defineRemoteConfig({ area: 'finance' });
