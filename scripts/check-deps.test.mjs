import { describe, expect, it } from 'vitest';
import { lockstepProblems } from './check-deps.mjs';

const manifests = {
  '@chakra-ui/react': { version: '3.38.0', dependencies: { '@ark-ui/react': '5.40.0' } },
  '@ark-ui/react': { version: '5.40.0', dependencies: { '@zag-js/dialog': '1.47.0', '@zag-js/combobox': '1.47.0' } },
};
const pkg = (pins) => ({ dependencies: { '@chakra-ui/react': '3.38.0', '@ark-ui/react': '5.40.0', '@zag-js/i18n-utils': '1.47.0', react: '^19.2.0', ...pins } });
const lock = (extra = {}) => ({ packages: { '': {}, 'node_modules/@ark-ui/react': { version: '5.40.0' }, 'node_modules/@zag-js/dialog': { version: '1.47.0' }, ...extra } });
const check = (p, l = lock(), m = manifests) => lockstepProblems(p, l, (name) => m[name]);

describe('Chakra, Ark and Zag move together', () => {
  it('passes the versions Chakra and Ark depend on, pinned exactly, one copy each', () => {
    expect(check(pkg())).toEqual([]);
  });

  it('refuses a caret: npm install without --save-exact', () => {
    expect(check(pkg({ '@chakra-ui/react': '^3.38.0' }))).toEqual([expect.stringMatching(/@chakra-ui\/react is pinned as "\^3\.38\.0".*--save-exact/)]);
  });

  it('refuses an Ark pin Chakra does not depend on', () => {
    expect(check(pkg({ '@ark-ui/react': '5.39.0' }))).toContainEqual(expect.stringMatching(/depends on @ark-ui\/react 5\.40\.0, package\.json pins 5\.39\.0/));
  });

  it('refuses a Zag package left at an older version', () => {
    expect(check(pkg({ '@zag-js/i18n-utils': '1.43.3' }))).toEqual([expect.stringMatching(/@zag-js\/i18n-utils is pinned at 1\.43\.3.*Zag 1\.47\.0/)]);
  });

  it('refuses a second copy of Ark or a Zag package in the lock file', () => {
    const problems = check(pkg(), lock({ 'node_modules/@chakra-ui/react/node_modules/@ark-ui/react': { version: '5.39.0' }, 'node_modules/@ark-ui/react/node_modules/@zag-js/dialog': { version: '1.43.3' } }));
    expect(problems).toEqual([expect.stringMatching(/second copy of @ark-ui\/react \(5\.39\.0\)/), expect.stringMatching(/second copy of @zag-js\/dialog \(1\.43\.3\)/)]);
  });

  it('refuses an installed Ark other than the one Chakra wants (node_modules out of date)', () => {
    const stale = { ...manifests, '@ark-ui/react': { ...manifests['@ark-ui/react'], version: '5.39.0' } };
    expect(check(pkg(), lock(), stale)).toContainEqual(expect.stringMatching(/@ark-ui\/react 5\.39\.0 is installed.*wants 5\.40\.0: run npm ci/));
  });
});
