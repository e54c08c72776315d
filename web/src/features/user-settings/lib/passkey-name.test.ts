import { describe, expect, it } from 'vitest';
import { defaultPasskeyName } from './passkey-name';

describe('the name a new passkey is offered with', () => {
  it('names the browser and the system it is made on', () => {
    expect(
      defaultPasskeyName(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on macOS');
    expect(
      defaultPasskeyName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      defaultPasskeyName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(defaultPasskeyName('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Linux');
  });

  it('falls back to what it can tell, then to a plain name', () => {
    expect(defaultPasskeyName('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Linux');
    expect(defaultPasskeyName('')).toBe('My passkey');
  });
});
