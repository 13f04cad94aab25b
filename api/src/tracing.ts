/**
 * OpenTelemetry tracing (docs/operations.md), off by default. Preloaded before the app (`tsx --import
 * ./src/tracing.ts src/server.ts`, the api's start script) so the HTTP server and pg are patched before
 * anything uses them. It starts when the standard environment asks for traces: OTEL_TRACES_EXPORTER
 * (otlp or console) or an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT / _TRACES_ENDPOINT); the exporter
 * reads the other OTEL_EXPORTER_OTLP_* variables, the resource OTEL_SERVICE_NAME and
 * OTEL_RESOURCE_ATTRIBUTES, the sampler OTEL_TRACES_SAMPLER(_ARG). OTEL_SDK_DISABLED=true turns it off.
 * Spans: incoming and outgoing HTTP, and every pg query (with the pool's connect).
 */
import { createRequire } from 'node:module';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-node';

type Env = Record<string, string | undefined>;

/** The exporter the environment asks for: undefined = tracing stays off. */
export function wantedExporter(env: Env = process.env): 'otlp' | 'console' | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const named = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (named === 'console') return 'console';
  if (named === 'otlp') return 'otlp';
  if (named && named !== 'none')
    throw new Error(`OTEL_TRACES_EXPORTER: use otlp, console or none, not '${named}'`);
  if (named === 'none') return undefined;
  return env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? 'otlp' : undefined;
}

export interface Tracing {
  /** Ends the span pipeline (flushing what is buffered) and removes the patches. */
  shutdown(): Promise<void>;
}

/**
 * Registers the global tracer provider and the HTTP and pg instrumentations. `processor` replaces the
 * exporter pipeline (tests: a SimpleSpanProcessor over an InMemorySpanExporter).
 */
export async function startTracing(
  options: { exporter?: 'otlp' | 'console'; processor?: SpanProcessor; env?: Env } = {},
): Promise<Tracing> {
  // Loaded only when tracing is on: without it the preload costs nothing.
  const [sdk, resources, instrumentation, httpInst, pgInst] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  let processor = options.processor;
  if (!processor) {
    let exporter: SpanExporter;
    if (options.exporter === 'console') exporter = new sdk.ConsoleSpanExporter();
    else {
      const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
      exporter = new OTLPTraceExporter();
    }
    processor = new sdk.BatchSpanProcessor(exporter);
  }
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ 'service.name': 'backoffice-api' }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new sdk.NodeTracerProvider({ resource, spanProcessors: [processor] });
  provider.register();
  const unregister = instrumentation.registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new httpInst.HttpInstrumentation({
        // Scrapes and load-balancer probes would be most of the traces, and say nothing.
        ignoreIncomingRequestHook: (request) => /^\/api\/(metrics|health)\b/.test(request.url ?? ''),
      }),
      new pgInst.PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  // The instrumentations patch a module when it is next required. The app imports pg (CommonJS) from
  // ESM, which require() hooks do not see, and may have loaded http already: requiring both here patches
  // the very objects the app uses (pg's Client and Pool prototypes, http.Server's).
  const require = createRequire(import.meta.url);
  require('node:http');
  require('pg');
  return {
    async shutdown() {
      unregister();
      await provider.shutdown();
    },
  };
}

const exporter = wantedExporter();
if (exporter) {
  const tracing = await startTracing({ exporter });
  // SIGTERM/SIGINT end the process through server.ts (process.exit): flush what is buffered first.
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.prependListener(signal, () => void tracing.shutdown().catch(() => {}));
  console.log(`  OpenTelemetry tracing on (${exporter} exporter)`);
}
