import { defineProject } from 'vitest/config';

// The set-up scripts are plain Node modules; their tests run without any workspace build.
export default defineProject({ test: { name: 'scripts', include: ['**/*.test.mjs'], environment: 'node' } });
