import { configure } from '@testing-library/react';

// `findBy…` and `waitFor` give up after 1 s by default. Two test files render at once beside the server
// suite in CI, and a lazy page's first render alone can take longer there; a deadline only bounds waiting,
// so a longer one costs a passing test nothing.
configure({ asyncUtilTimeout: 5_000 });
