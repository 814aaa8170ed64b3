import { mintToken, parseToken, tokenPattern } from './token-format';

const ID = '0193a000-0000-7000-8000-00000000a0a0';

describe('token format', () => {
  it('mints prefix, id, secret and checksum, and reads them back', () => {
    const minted = mintToken('trove_pat_', ID);
    expect(minted.token).toMatch(new RegExp(`^trove_pat_${ID.replaceAll('-', '')}[0-9A-Za-z]{38}$`));
    expect(minted.token).toMatch(tokenPattern('trove_pat_'));
    expect(parseToken('trove_pat_', minted.token)).toEqual({ id: ID, secret: minted.secret });
  });

  it('refuses a changed character (the checksum), another prefix and another length', () => {
    const { token } = mintToken('trove_pat_', ID);
    const i = token.length - 10;
    const tampered = token.slice(0, i) + (token[i] === 'a' ? 'b' : 'a') + token.slice(i + 1);
    expect(parseToken('trove_pat_', tampered)).toBeNull();
    expect(parseToken('trove_ust_', token)).toBeNull();
    expect(parseToken('trove_pat_', token + 'x')).toBeNull();
  });

  it('draws different secrets', () => {
    expect(mintToken('trove_pat_', ID).secret).not.toEqual(mintToken('trove_pat_', ID).secret);
  });
});
