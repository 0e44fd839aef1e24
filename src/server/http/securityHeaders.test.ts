import { describe, expect, it } from 'vitest';
import { securityHeaders } from './securityHeaders';

describe('security headers', () => {
  it('are Helmet\'s for the configuration, the content security policy included, worked out once', () => {
    const headers = new Map(securityHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'sha256-abc'"], upgradeInsecureRequests: null } },
      crossOriginEmbedderPolicy: false,
    }));
    expect(headers.get('content-security-policy')).toMatch(/^default-src 'self';.*script-src 'self' 'sha256-abc'/);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('strict-transport-security')).toMatch(/max-age=/);
    expect(headers.has('cross-origin-embedder-policy')).toBe(false);
    expect(headers.has('x-powered-by')).toBe(false);
  });

  it('refuse a configuration Helmet refuses', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ['self'] } } })).toThrow();
  });
});
