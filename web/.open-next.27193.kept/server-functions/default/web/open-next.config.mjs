import { createRequire as topLevelCreateRequire } from 'module';const require = topLevelCreateRequire(import.meta.url);import bannerUrl from 'url';const __dirname = bannerUrl.fileURLToPath(new URL('.', import.meta.url));

// open-next.config.ts
var noCaches = { incrementalCache: "dummy", tagCache: "dummy", queue: "dummy" };
var config = {
  default: {
    override: { wrapper: "aws-lambda-streaming", converter: "aws-apigw-v2", ...noCaches }
  },
  imageOptimization: {
    // OpenNext downloads sharp for its image function unless `install` is falsy; the app
    // does not use that function, so nothing is downloaded for it.
    install: false
  },
  dangerous: { disableIncrementalCache: true, disableTagCache: true }
};
var open_next_config_default = config;
export {
  open_next_config_default as default,
  noCaches
};
