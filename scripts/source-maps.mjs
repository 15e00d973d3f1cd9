// Loaded after tsx (`npm start`, `npm run bench`): stack traces keep pointing into Fairway's own TypeScript, but
// the packages' source maps are not parsed and kept (about 4 MB of heap for traces through node_modules,
// issue 22 item 3). tsx turns full source map support on when it registers; this narrows it.
import module from 'node:module';

module.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
