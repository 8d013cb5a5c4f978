import { configure } from '@testing-library/dom';

/**
 * Component tests run on shared, sometimes loaded machines, where one render of a screen can take
 * seconds. `findBy…`/`waitFor` wait for what the user would see, so they get a wait as long as a
 * person's patience (10 s, not Testing Library's 1 s); a test still fails at once on a wrong
 * assertion, it only waits longer before giving up on a missing element.
 */
configure({ asyncUtilTimeout: 10_000 });
