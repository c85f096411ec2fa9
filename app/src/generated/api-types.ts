// Generated from the server's /api/openapi.json by `npm run api-types` (openapi-typescript).
// Do not edit: change the server and run the script again; `npm run api-types:check` and
// the e2e suite fail while this file differs from what the server publishes.
export interface paths {
  '/api/auth/signup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Creates a client account. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SignupInput'];
        };
      };
      responses: {
        /** @description The account was created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AccountCreated'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description An account with this email already exists */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many attempts; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Signs in with email and password; sets the refresh cookie. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['LoginRequest'];
        };
      };
      responses: {
        /** @description Signed in */
        200: {
          headers: {
            /** @description The refresh cookie `dialtone_refresh` (httpOnly, SameSite=Strict) */
            'Set-Cookie'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['LoginResponse'];
          };
        };
        /** @description The password was right; the account signs in with a second step (POST /auth/login/2fa) */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Challenge'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Wrong email or password */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The account is suspended */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many attempts; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/refresh-token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Exchanges the refresh cookie for a new access token, rotating the cookie. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: {
          /** @description The refresh token */
          dialtone_refresh?: string | null;
        };
      };
      requestBody?: never;
      responses: {
        /** @description A new access token */
        200: {
          headers: {
            /** @description The refresh cookie `dialtone_refresh` (httpOnly, SameSite=Strict) */
            'Set-Cookie'?: string;
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Refreshed'];
          };
        };
        /** @description No session, or it has ended (the cookie is cleared) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The Origin is another site */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Ends the session of the refresh cookie and clears it. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: {
          /** @description The refresh token */
          dialtone_refresh?: string | null;
        };
      };
      requestBody?: never;
      responses: {
        /** @description Signed out (also when there was no session) */
        204: {
          headers: {
            /** @description Clears the refresh cookie */
            'Set-Cookie'?: string;
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The Origin is another site */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/logout-all': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ends every session of the signed-in user, on every device, at once: their access
     *     tokens stop working and their refresh cookies are revoked. With
     *     `revokeCredentials=true`, their API keys and SIP devices go too.
     */
    post: {
      parameters: {
        query?: {
          /**
           * @description Also revoke every API key and delete every SIP device: a leaked session may have
           *     made some. The account SID and auth token stay (rotate the token separately).
           */
          revokeCredentials?: boolean;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Every session has ended */
        204: {
          headers: {
            /** @description Clears the refresh cookie */
            'Set-Cookie'?: string;
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/forgot-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mails a password-reset link, if an active account has this email. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ForgotRequest'];
        };
      };
      responses: {
        /** @description The same answer whether or not the account exists */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ResetMessage'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many attempts; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/reset-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sets a new password with a reset link's token, and ends every session. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ResetRequest'];
        };
      };
      responses: {
        /** @description The password was reset */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ResetMessage'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/2fa': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's two-factor sign-in. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Its state */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwoFactorStatus'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/2fa/setup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Starts enrolling an authenticator app, after the password. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['PasswordOnly'];
        };
      };
      responses: {
        /** @description The secret to enrol */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Enrolment'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Two-factor sign-in is on already */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many attempts; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/2fa/enable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turns two-factor sign-in on with the first code of the enrolled app; answers the
     *     ten recovery codes, which are shown only now.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['CodeOnly'];
        };
      };
      responses: {
        /** @description On, with its recovery codes */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RecoveryCodes'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many attempts; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/2fa/disable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Turns two-factor sign-in off: the password and a code. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['DisableRequest'];
        };
      };
      responses: {
        /** @description Off */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many attempts; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/login/2fa': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Signs in with the second step: the session starts as a password-only login's does. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SecondStepRequest'];
        };
      };
      responses: {
        /** @description Signed in */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['LoginResponse'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The challenge expired or is not valid: sign in again */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many attempts; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/info': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The signed-in user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['UserResponse'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Updates the name, email and notification choices. A new email needs the current
     *     password, and the old address is told of the change.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ProfileRequest'];
        };
      };
      responses: {
        /** @description The updated user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['UserResponse'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many attempts; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Changes the password and ends every other session of the user; the caller gets a
     *     fresh access token and keeps its own session.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['PasswordChangeInput'];
        };
      };
      responses: {
        /** @description Password changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PasswordChanged'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many attempts; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/close': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Closes the signed-in account for good. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['CloseRequest'];
        };
      };
      responses: {
        /** @description Closed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Closed'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many attempts; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Everything the account holds, as a ZIP archive. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The archive */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/zip': number[];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Users, newest first, filtered by text, status and role. */
    get: {
      parameters: {
        query?: {
          /** @description Matches the name, email or phone. */
          search?: string;
          /** @description `active` or `suspended`; empty for any. */
          status?: string;
          /** @description `client` or `admin`; empty for any. */
          role?: string;
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of users */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Page_AdminUserItem'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/users/{id}/email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Emails a user (kept in the outbox, or sent by SMTP when configured). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The user's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['EmailInput'];
        };
      };
      responses: {
        /** @description The email is queued */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['EmailQueued'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/users/{id}/role': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Makes a user an administrator or a client (never the caller, never the last admin). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The user's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RoleChange'];
        };
      };
      responses: {
        /** @description The updated user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AdminUserResponse'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/users/{id}/suspend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Suspends an account: it cannot sign in, its sessions end and its calls in progress
     *     are hung up at once.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The user's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The suspended user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AdminUserResponse'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/users/{id}/reactivate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Reactivates a suspended account. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The user's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The active user */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AdminUserResponse'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/catalogue/pricing': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The public price list: every active country's number prices and call and message
     *     rates, and the figures the pages claim from it.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Active countries, in display order */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Pricing'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/country-pricing': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The country rates, filtered and paged. */
    get: {
      parameters: {
        query?: {
          /** @description Part of the name or code (case-insensitive). */
          search?: string;
          status?: '' | 'all' | 'active' | 'inactive';
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of country rates */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Page_CountryRate'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Adds a country with its rates. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RateRequest'];
        };
      };
      responses: {
        /** @description The new country */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CountryRateItem'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/country-pricing/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Changes a country's name, code, flag, calling code, rates or status. */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The country's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RateRequest'];
        };
      };
      responses: {
        /** @description The updated country */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CountryRateItem'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    /** Deletes a country that has no numbers, calls or messages. */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The country's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/rate-decks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The rate decks, newest first (the latest 200). */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Decks with their status */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RateDeckList'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Uploads a deck as CSV (the body, streamed): a draft once every line is valid. */
    post: {
      parameters: {
        query?: {
          /** @description The deck's name, e.g. "Carrier A December". */
          name?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description prefix,destination,country,type,inbound,outbound,sms,first_increment,next_increment,effective_from */
      requestBody: {
        content: {
          'text/csv': string;
        };
      };
      responses: {
        /** @description The draft deck */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RateDeckItem'];
          };
        };
        /** @description Errors by line */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['DeckRefused'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/rate-decks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes a draft deck, audited. */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The deck's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/rate-decks/{id}/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What a deck changes against the deck in force now. */
    get: {
      parameters: {
        query?: {
          /** @description Rates moving by more than this percentage are flagged (default 10). */
          threshold?: string;
          /** @description Changes listed at most, flagged and others each (default 200, at most 1,000). */
          limit?: number;
        };
        header?: never;
        path: {
          /** @description The deck's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Added, changed and removed prefixes */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['DeckPreview'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/rate-decks/{id}/apply': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Applies a draft: it rates calls that start from its effective date on (or from
     *     now, when that date has come), on every instance.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The deck's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The applied deck */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RateDeckItem'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Applied already */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/rate-decks/{id}/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The deck as CSV, with the header an upload expects. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The deck's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The deck's lines, by prefix */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/csv': string;
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contact': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sends a message to the support team. Signed in, a customer whose plan has priority
     *     support is answered first.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ContactInput'];
        };
      };
      responses: {
        /** @description The message was received */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ContactReceived'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many attempts; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The contact form's messages: priority support first, then newest first. */
    get: {
      parameters: {
        query?: {
          /** @description `open` (the default), `handled` or `all`. */
          status?: 'open' | 'handled' | 'all';
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of messages */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Page_MessageView'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/messages/{id}/handled': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Marks a message as handled. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The message's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The message, now handled */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MessageItem'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/ledger': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's ledger, newest first. */
    get: {
      parameters: {
        query?: {
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of ledger entries */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Page_EntryView'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/ledger/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's whole ledger as CSV, oldest first (read in chunks). */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description CSV: date,kind,description,amount,balance */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/csv': string;
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/balances': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every account's balance with its latest credit and debit. */
    get: {
      parameters: {
        query?: {
          /** @description Part of the name or email, case-insensitive. */
          search?: string;
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of accounts */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Page_BalanceItem'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/balances/{user_id}/adjust': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Adds funds to, or deducts funds from, an account, with a reason for the audit log. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's user id */
          user_id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AdjustRequest'];
        };
      };
      responses: {
        /** @description The balance was adjusted */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Adjusted'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/balances/{user_id}/transactions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One account's ledger, newest first. */
    get: {
      parameters: {
        query?: {
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path: {
          /** @description The account's user id */
          user_id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of ledger entries */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Page_EntryView'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/payment/stripe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Starts a card deposit: creates the payment intent the card form confirms. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['DepositRequest'];
        };
      };
      responses: {
        /** @description The intent to confirm */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['DepositStarted'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description An upstream provider failed */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/payment/config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What the deposit and payment pages need to know about the provider in use. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The provider and the deposit limits */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PaymentConfig'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/payment/deposits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user's deposits, newest first. */
    get: {
      parameters: {
        query?: {
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of deposits */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Page_Deposit'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/payment/intent/{client_secret}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One of the user's payments, by its client secret.
     * @description The payment page polls it after confirming.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The client secret from POST /api/payment/stripe */
          client_secret: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The payment */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PaymentState'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/payment/sandbox/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Pays a sandbox payment with a test card (Stripe's test numbers decide the outcome). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ConfirmRequest'];
        };
      };
      responses: {
        /** @description The outcome; a declined card is a 200 with status `failed` */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ConfirmResult'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/payment/webhook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stripe's webhook: applies a signed payment-intent event once.
     * @description Authenticated by the Stripe-Signature header (an HMAC of the body), not by a token.
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description `t=<unix time>,v1=<hex HMAC-SHA256 of "t.body">` */
          'Stripe-Signature': string;
        };
        path?: never;
        cookie?: never;
      };
      /** @description A Stripe event */
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description The event was applied, or was already, or is ignored */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['WebhookReceived'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/payment/card': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's saved card. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The saved card, or null */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SavedCardState'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Removes the saved card; auto-recharge turns off with it. */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description No card is saved now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SavedCardState'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/payment/card/setup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Starts saving a card: with Stripe, a SetupIntent for the account's customer. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description What the card form needs */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CardSetup'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description An upstream provider failed */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/payment/card/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Saves the card of a SetupIntent the browser confirmed (Stripe). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ConfirmCard'];
        };
      };
      responses: {
        /** @description The card saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SavedCardState'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description An upstream provider failed */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/payment/sandbox/card': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Saves one of Stripe's test cards in the sandbox (what charging it later does is
     *     Stripe's: 4000 0000 0000 0341 is declined, 4000 0027 6000 3184 asks for 3-D Secure).
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['CardInput'];
        };
      };
      responses: {
        /** @description The card saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SavedCardState'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/payment/auto-recharge': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's auto-recharge. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The settings and where they stand */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AutoRecharge'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /**
     * Sets the account's auto-recharge: "when the available balance falls below
     *     `threshold`, add `amount`", at most `monthlyMax` a calendar month.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AutoRechargeRequest'];
        };
      };
      responses: {
        /** @description Saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AutoRecharge'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/documents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's receipts and statements, newest first. */
    get: {
      parameters: {
        query?: {
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of documents */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Page_DocumentView'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/documents/{id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the account's documents as PDF. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The document's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The PDF */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/pdf': number[];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/documents/{id}/csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One of the account's statements as CSV: a line per product and detail, with the
     *     opening and closing balances.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The statement's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The CSV */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/csv': string;
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/users/{id}/documents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One account's receipts and statements (administrators). */
    get: {
      parameters: {
        query?: {
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path: {
          /** @description The account's user id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of documents */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Page_DocumentView'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/documents/{id}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Any account's document as PDF (administrators). */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The document's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The PDF */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/pdf': number[];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/documents/{id}/csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Any account's statement as CSV (administrators). */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The statement's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The CSV */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/csv': string;
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/billing/profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's billing details. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The details */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BillingProfile'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /** Sets the account's billing details. */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['BillingProfile'];
        };
      };
      responses: {
        /** @description Saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BillingProfile'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/billing/provider': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The provider's details for documents (administrators). */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The details */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ProviderDetails'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /** Sets the provider's details for documents (administrators, audited). */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ProviderDetails'];
        };
      };
      responses: {
        /** @description Saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ProviderDetails'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/billing/alerts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's low-balance warning threshold. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The thresholds */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Alerts'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /**
     * Sets the account's low-balance warning threshold: one notification when the balance
     *     falls under it, again after money comes in.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AlertsRequest'];
        };
      };
      responses: {
        /** @description Saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Alerts'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/usage/triggers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's usage triggers (at most 100). */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The triggers */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TriggerList'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Creates a usage trigger (the same as the API's Usage/Triggers). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['TriggerForm'];
        };
      };
      responses: {
        /** @description The trigger */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TriggerView'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/usage/triggers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes one of the account's usage triggers. */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The trigger's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/numbers/countries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Countries a client can buy numbers in, with the types each offers. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Active countries with numbers for sale */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ShopCountries'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/numbers/available': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Numbers for sale in a country, of one type, optionally by area code or prefix and
     *     by digits contained.
     */
    get: {
      parameters: {
        query: {
          /** @description The country's ISO code, e.g. US (an unknown code finds nothing). */
          country?: string;
          /** @description The kind of number. */
          type: 'mobile' | 'landline' | 'tollfree';
          /** @description Digits the national number starts with: an area code or any prefix, e.g. 415. */
          prefix?: string;
          /**
           * @description Digits the number contains; letters are the keypad's (CALL is 2255), `*` is
           *     any one digit.
           */
          contains?: string;
          /**
           * @description Only numbers that can do this: `voice` or `sms` (every number in stock takes
           *     calls and SMS; `mms` and `fax` find none).
           */
          capability?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Numbers for sale */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AvailableNumbers'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/numbers/purchase': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Buys a number: charges the first month and the setup fee. */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description A retried request with the same key is applied once */
          'Idempotency-Key'?: string | null;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['PurchaseRequest'];
        };
      };
      responses: {
        /** @description The number, now the user's, and the new balance */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NumberPaid'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The balance does not cover the charge */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/numbers/mine': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user's numbers. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The user's numbers */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MyNumbers'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/numbers/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Stops renewal: the number stays until its expiry, then returns to inventory. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The number's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The number, renewal off */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NumberOnly'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/numbers/{id}/renew': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Renews a number that expired for want of funds, within its grace period. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The number's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The number, active again, and the new balance */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NumberPaid'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The balance does not cover the charge */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Not an expired number of the user's in its grace period */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/numbers/{id}/hooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The URLs of one of my numbers. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The number's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The number's URLs */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Hooks'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /** Sets the URLs of one of my active numbers (an empty one clears it). */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The number's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['NumberHooksInput'];
        };
      };
      responses: {
        /** @description The URLs as saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Hooks'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/phones': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The number inventory, filtered and paged. */
    get: {
      parameters: {
        query?: {
          /** @description Part of the number, the country's name or the owner's email. */
          search?: string;
          /** @description Only this type (`mobile`, `landline`, `tollfree`); empty for all. */
          type?: string;
          /** @description Only this status (`available`, `active`, `expired`, `inactive`, ...); empty for all. */
          status?: string;
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of numbers */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Page_AdminPhone'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Adds a number to the inventory. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['NumberInput'];
        };
      };
      responses: {
        /** @description The new number, available */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AdminPhoneItem'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/phones/{id}/change-country': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Moves a number to another country of the catalogue. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The number's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['CountryChange'];
        };
      };
      responses: {
        /** @description The number */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AdminPhoneItem'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/phones/{id}/reassign': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Gives the number to a user, or with no email returns it to inventory.
     * @description No charge: an administrator's decision, audited.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The number's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['Reassign'];
        };
      };
      responses: {
        /** @description The number */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AdminPhoneItem'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such number, or no user with that email */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/phones/{id}/deactivate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Takes a number out of service (it keeps its owner, if any). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The number's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The number, inactive */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AdminPhoneItem'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/phones/{id}/activate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Puts an inactive number back in service: active if owned, else available. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The number's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The number (unchanged unless it was inactive) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AdminPhoneItem'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/phones/range': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Adds a range of consecutive numbers to the inventory, or previews it. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RangeRequest'];
        };
      };
      responses: {
        /** @description What the range adds (and, with apply, added) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RangePreview'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Applied, but every number of the range is already in the inventory */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/packages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The packages on sale. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The active packages, in display order */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Catalogue'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/packages/mine': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's packages. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The user's packages */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['OwnedPackages'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/packages/{id}/purchase': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Buys a package with the balance. */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description Makes a retried purchase answer 409 instead of buying twice */
          'Idempotency-Key'?: string | null;
        };
        path: {
          /** @description The package's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The package bought */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Purchased'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The balance does not cover the charge */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/packages/mine/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Stops a plan renewing: its minutes and inclusions stay until the period ends. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The purchase's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The plan, no longer renewing */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['OwnedPackage'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/catalogue/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The plans on sale with what each includes and saves. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The plans on sale, in display order */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Plans'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/packages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every package, on sale or not, with its number of subscribers. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The packages, in display order */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PackageList'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Creates a package. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['PackageRequest'];
        };
      };
      responses: {
        /** @description The package created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PackageItem'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/packages/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Changes a package; clients keep what they bought. */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The package's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['PackageRequest'];
        };
      };
      responses: {
        /** @description The package as changed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PackageItem'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    /** Deletes a package, or deactivates it while clients still use it. */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The package's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted, or deactivated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['PackageRemoved'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's notifications, newest first. */
    get: {
      parameters: {
        query?: {
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of notifications */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NotificationPage'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications/read-all': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Marks every notification of the signed-in user read. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description All read */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MarkedAll'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notifications/{id}/read': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Marks one notification read. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The notification's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The notification is read */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MarkedRead'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/telephony/authorize': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** May this call proceed, and for how long? Reserves what the longest call would cost. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AuthorizeRequest'];
        };
      };
      responses: {
        /** @description Allowed for at most maxDurationSeconds, or refused with a reason */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AuthorizeResponse'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description This instance is at capacity; the request was not started: see Retry-After */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/telephony/cdr': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Records the end of a call: rating, package minutes and the debit, once per callId. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['Cdr'];
        };
      };
      responses: {
        /** @description The call as recorded */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CdrAnswer'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description This instance is at capacity; the request was not started: see Retry-After */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/telephony/recordings/{call_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Stores a call's recording (WAV); the call record then offers it for download. */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The call's callId, 1 to 128 characters */
          call_id: string;
        };
        cookie?: never;
      };
      /** @description The recording: a WAV file (RIFF/WAVE), at most 50 MB; the Content-Type is not checked */
      requestBody: {
        content: {
          'application/octet-stream': components['schemas']['WavFile'];
          'audio/wav': components['schemas']['WavFile'];
        };
      };
      responses: {
        /** @description Stored */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/telephony/answered': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The switch reports an answered call; calls already ended are ignored. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AnsweredReport'];
        };
      };
      responses: {
        /** @description Recorded (or the call had already ended) */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/telephony/answered/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The switch reports the calls answered in the last tenth of a second, in one request
     *     and one transaction (at hundreds of calls a second, one each was as many requests
     *     and write transactions). An invalid report (a device's oversized Call-ID) is refused
     *     alone: the others are recorded.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['AnsweredBatch'];
        };
      };
      responses: {
        /** @description Recorded (calls already ended are ignored), but for the reports refused */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AnsweredBatchResult'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calls/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** My calls in progress. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description My calls in progress */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['LiveCalls'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/calls/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every call in progress, with its customer. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Calls in progress */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['LiveCalls'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/calls/live/{call_id}/hangup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Hangs up a call in progress: the switch sends BYE to both legs, and the call's CDR
     *     bills its talk time as for any hang-up.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The call's callId */
          call_id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The switch hung up the call */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description An upstream provider failed */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calls': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's calls, newest first, with totals over the filtered set. */
    get: {
      parameters: {
        query?: {
          /** @description Part of either number (administrators: or of the customer's name or email). */
          search?: string;
          /**
           * @description "inbound" or "outbound"; empty for both.
           * @example outbound
           */
          type?: string;
          /**
           * @description "completed", "failed" or "no-answer"; empty for all.
           * @example completed
           */
          status?: string;
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
          /**
           * @description The `next` of the page read last: this page starts after its last call.
           * @example 1764000000000.42
           */
          before?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of calls */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CallPage'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calls/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's filtered calls as CSV. */
    get: {
      parameters: {
        query?: {
          /** @description Part of either number (administrators: or of the customer's name or email). */
          search?: string;
          /**
           * @description "inbound" or "outbound"; empty for both.
           * @example outbound
           */
          type?: string;
          /**
           * @description "completed", "failed" or "no-answer"; empty for all.
           * @example completed
           */
          status?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description CSV: date,type,number,duration,cost,status,recording */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/csv': string;
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/calls/{id}/recording': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The recording of one of the signed-in user's calls. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The call record's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The recording (WAV) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'audio/wav': components['schemas']['WavFile'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/calls': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every customer's calls, newest first, with totals over the filtered set. */
    get: {
      parameters: {
        query?: {
          /** @description Part of either number (administrators: or of the customer's name or email). */
          search?: string;
          /**
           * @description "inbound" or "outbound"; empty for both.
           * @example outbound
           */
          type?: string;
          /**
           * @description "completed", "failed" or "no-answer"; empty for all.
           * @example completed
           */
          status?: string;
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
          /**
           * @description The `next` of the page read last: this page starts after its last call.
           * @example 1764000000000.42
           */
          before?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description A page of calls, each with its `user` */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CallPage'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/calls/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every customer's filtered calls as CSV. */
    get: {
      parameters: {
        query?: {
          /** @description Part of either number (administrators: or of the customer's name or email). */
          search?: string;
          /**
           * @description "inbound" or "outbound"; empty for both.
           * @example outbound
           */
          type?: string;
          /**
           * @description "completed", "failed" or "no-answer"; empty for all.
           * @example completed
           */
          status?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description CSV: date,type,number,user,duration,cost,status,recording */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/csv': string;
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/calls/{id}/recording': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The recording of any call. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The call record's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The recording (WAV) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'audio/wav': components['schemas']['WavFile'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sms': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's messages, newest first. */
    get: {
      parameters: {
        query?: {
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of messages */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Page_SmsItem'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Sends a message: charged first, refunded if the carrier fails (then 502). */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description A retried request with the same key answers the first result and sends nothing more */
          'Idempotency-Key'?: string | null;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SendSms'];
        };
      };
      responses: {
        /** @description The message was handed to the carrier */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SmsSent'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The balance does not cover the charge */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description A trial account texting a number it has not verified */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description An upstream provider failed */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sms/quote': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Quotes a message without sending it. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SmsInput'];
        };
      };
      responses: {
        /** @description The message's parts and cost */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SmsQuote'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sms/conversations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's conversations, newest first. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Conversations */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Conversations'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sms/conversation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The messages between one of the user's numbers and another party. */
    get: {
      parameters: {
        query?: {
          /** @description The customer's number, E.164. */
          number?: string;
          /** @description The other party, E.164. */
          contact?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The conversation (empty when there is none) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ConversationThread'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/sms/link': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The SMS carrier link: each SMPP link's state, the queue depth and the provider. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The carrier link and the queue */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SmsLinkPage'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/trial': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The trial: status, days left and verified numbers. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The signed-in user's trial */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TrialView'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/trial/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sends a verification code by SMS to a number (free of charge). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['VerifyInput'];
        };
      };
      responses: {
        /** @description A code was sent */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Sent'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The account is not in its trial */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many attempts; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description An upstream provider failed */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/trial/verify/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Confirms a number with the code sent to it. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['VerifyInput'];
        };
      };
      responses: {
        /** @description The number is verified */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TrialView'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/trial/demo-phone': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The verification messages the loopback carrier delivered for this account. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The demo phone's messages, or none with a real carrier */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['DemoPhone'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/trial/codes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Verification codes sent in the last day and the last 30, with their cost. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Codes sent and their cost */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CodeCosts'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sip/devices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's SIP devices. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The devices, oldest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SipDevices'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /**
     * Creates SIP credentials after the account password: the device's password is
     *     generated and returned once. The owner is notified and e-mailed.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SipDeviceInput'];
        };
      };
      responses: {
        /** @description Created; the password is shown only now */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NewSipDevice'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many wrong passwords */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sip/devices/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes a device: it can no longer register or call. */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The device's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/numbers/{id}/route': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where inbound calls to one of my numbers ring. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The number's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The owner's devices and which ring */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NumberRoute'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /**
     * Sets which of my SIP devices ring for a number (none: all of them), or the number
     *     its calls are forwarded to, or the IVR flow that answers them (its first month
     *     charged when the flow is not in use yet: 402 when the balance does not cover it).
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The number's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RouteRequest'];
        };
      };
      responses: {
        /** @description The route as saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NumberRoute'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The balance does not cover the charge */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/telephony/sip/credentials': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A device's digest secret (HA1) and caller ID, for the switch to check a request. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['CredentialsRequest'];
        };
      };
      responses: {
        /** @description The device's HA1 and caller ID */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CredentialsAnswer'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/telephony/sip/credentials/epoch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The credential epoch: the switch asks every second and drops the credentials it
     *     kept when the epoch moved.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The epoch */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CredentialEpoch'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/telephony/sip/registrations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A registration the switch accepted (or ended, with expires 0). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RegistrationReport'];
        };
      };
      responses: {
        /** @description Recorded */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sip/browser-phone': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Issues the page's SIP credentials (and retires the account's expired ones). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['BrowserPhoneInput'];
        };
      };
      responses: {
        /** @description Credentials for this page, valid for an hour */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['BrowserPhone'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sip/browser-phone/rate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The rate a call from one of the account's numbers to `to` is billed at (with
     *     `inbound`, a call to the account's number `to`).
     */
    get: {
      parameters: {
        query: {
          /**
           * @description The caller ID the call would show, one of the account's active numbers (for an
           *     incoming call: the caller's number).
           */
          from: string;
          /** @description The number dialled, E.164 (for an incoming call: the account's number called). */
          to: string;
          /** @description An incoming call: the inbound rate of the account's number `to`. */
          inbound?: boolean;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The destination's rate */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CallRate'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sip/caller-id-rule': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's caller-ID rule. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The rule in force */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CallerIdRule'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /** Sets the account's caller-ID rule; audited. */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['CallerIdRule'];
        };
      };
      responses: {
        /** @description The rule as saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['CallerIdRule'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sip/verified-caller-ids': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's verified caller IDs. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Verified numbers */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['VerifiedCallerIds'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /**
     * Sends a code by SMS to a number the account says it holds (free of charge); the
     *     same limits as the trial's codes.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['VerifyInput'];
        };
      };
      responses: {
        /** @description A code was sent */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Sent'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many attempts; see Retry-After */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description An upstream provider failed */
        502: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sip/verified-caller-ids/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Verifies a number with the code sent to it; audited. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['VerifyInput'];
        };
      };
      responses: {
        /** @description The number is verified */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['VerifiedCallerIds'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sip/verified-caller-ids/{number}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Forgets a verified number: devices may no longer show it; audited. */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The number, E.164 */
          number: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Forgotten */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/telephony/sip/bans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A ban the switch just put in force. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['BanReport'];
        };
      };
      responses: {
        /** @description Recorded */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/sip/bans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The addresses the switch bans now. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Bans in force */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SipBans'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboard': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The client dashboard: balance, counts and recent activity. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The dashboard */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Dashboard'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboard/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Minutes, messages and spend per day (week, month) or per month (year). */
    get: {
      parameters: {
        query?: {
          range?: '' | 'week' | 'month' | 'year';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The usage chart's points, oldest first */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['UsageChart'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/ivr/flows': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** My flows, newest first, with the IVR level my packages give. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The flows and the level */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['IvrFlowList'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /**
     * Creates a flow; it must validate at my IVR level. Say, menu and voicemail texts are
     *     spoken (espeak-ng) and stored as 8 kHz prompts.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      /** @description The flow: name, start, steps by id */
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Created */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['IvrFlowDetail'];
          };
        };
        /** @description The flow does not validate: `problems`, each with its step */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The first problem's message. */
              message: string;
              problems: components['schemas']['FlowProblem'][];
            };
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/ivr/flows/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of my flows. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The flow's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The flow */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['IvrFlowDetail'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /** Replaces one of my flows; numbers routed to it run the new version from the next call. */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The flow's id */
          id: number;
        };
        cookie?: never;
      };
      /** @description The flow: name, start, steps by id */
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['IvrFlowDetail'];
          };
        };
        /** @description The flow does not validate: `problems`, each with its step */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description The first problem's message. */
              message: string;
              problems: components['schemas']['FlowProblem'][];
            };
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    /**
     * Deletes one of my flows. Refused (409) while a number routes to it; its
     *     subscription ends with it (the month paid is not refunded).
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The flow's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/ivr/flows/{id}/duplicate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A copy of one of my flows ("Copy of ..."), with its prompts; not routed, not billed. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The flow to copy */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The copy */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['IvrFlowDetail'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/ivr/flows/{id}/prompts/{step}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A step's prompt as a WAV file (8 kHz mono), to hear what callers hear. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The flow's id */
          id: number;
          /** @description The step's id */
          step: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The prompt */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'audio/wav': number[];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /**
     * Uploads a WAV (any rate, mono or stereo, PCM) as a step's prompt: converted to
     *     8 kHz mono for G.711 and chosen for the step in the saved flow.
     */
    post: {
      parameters: {
        query?: {
          /** @description The file's name, shown beside the step (default "upload.wav"). */
          name?: string | null;
        };
        header?: never;
        path: {
          /** @description The flow's id */
          id: number;
          /** @description The step's id */
          step: string;
        };
        cookie?: never;
      };
      /** @description A WAV file */
      requestBody: {
        content: {
          'audio/wav': number[];
        };
      };
      responses: {
        /** @description The prompt as stored */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['IvrPrompt'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/ivr/voicemails': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** My voicemails, newest first. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The voicemails */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['IvrVoicemail'][];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/ivr/voicemails/{id}/audio': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One voicemail's recording as a WAV file (8 kHz mono), marked heard. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The voicemail's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The recording */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'audio/wav': number[];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/ivr/voicemails/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes one of my voicemails. */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The voicemail's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Overview figures: users, numbers, minutes, revenue, top countries, newest users. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The overview */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AdminStats'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/analytics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Revenue, calls, destinations and sign-ups per day. */
    get: {
      parameters: {
        query?: {
          /** @description The first day, `2026-10-23` (empty: 29 days before `to`). */
          from?: string;
          /** @description The last day, `2026-11-21` (empty: today, UTC). */
          to?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The charts' data */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AnalyticsReport'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/analytics/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One chart's data as CSV (`revenue`, `calls`, `destinations` or `users`). */
    get: {
      parameters: {
        query: {
          /** @description The first day, `2026-10-23` (empty: 29 days before `to`). */
          from?: string;
          /** @description The last day, `2026-11-21` (empty: today, UTC). */
          to?: string;
          chart: 'revenue' | 'calls' | 'destinations' | 'users';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The chart as a CSV attachment */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/csv': string;
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The platform settings, and the configuration read from the environment. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Settings and configuration */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SettingsPage'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /** Saves the platform settings (audited); they apply from the next request. */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['SettingsInput'];
        };
      };
      responses: {
        /** @description The saved settings */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['SettingsSaved'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The audit log, newest first, filtered by text, action and days. */
    get: {
      parameters: {
        query?: {
          /** @description Matches the administrator's name or email, or the target. */
          search?: string;
          /** @description An action ("user.suspend") or a prefix ("user."). */
          action?: string;
          /** @description The first day, `2026-11-01` (empty: from the start). */
          from?: string;
          /** @description The last day, `2026-11-21` (empty: up to now). */
          to?: string;
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of the audit log */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Page_AuditEntry'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/developer/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's latest 50 webhook deliveries, newest first. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The latest deliveries */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Deliveries'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/developer/webhooks/{id}/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sends one of the user's deliveries again now (and retries it for another day),
     *     whatever became of it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The delivery's id */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Queued to be sent again */
        202: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Resent'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/developer': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's account SID and a hint of the auth token. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The account's API identity */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Developer'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/developer/auth-token/reveal': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Shows the auth token, after the account's password. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['PasswordConfirmation'];
        };
      };
      responses: {
        /** @description The auth token */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AuthToken'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many wrong passwords */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/developer/auth-token/rotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Replaces the auth token; the old one keeps working for 24 hours. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['PasswordConfirmation'];
        };
      };
      responses: {
        /** @description The new auth token */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AuthToken'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many wrong passwords */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/developer/auth-token/end-previous': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ends the token replaced by the last rotation now instead of after its day of grace:
     *     for a token that leaked.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['PasswordConfirmation'];
        };
      };
      responses: {
        /** @description The previous auth token no longer works */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many wrong passwords */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/developer/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's active API keys. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The account's keys */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ApiKeys'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    /**
     * Creates an API key after the account password; its secret is in this answer and
     *     nowhere else, ever. The owner is notified and e-mailed.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['ApiKeyInput'];
        };
      };
      responses: {
        /** @description The key and its secret */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['NewApiKey'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Too many wrong passwords */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/developer/keys/{sid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revokes a key: requests with it are refused from now on, on every instance. */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The key's SID */
          sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Revoked */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/debugger': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in account's TwiML fetches, webhook attempts and API errors, newest first. */
    get: {
      parameters: {
        query?: {
          /** @description twiml, webhook or api; empty: all. */
          source?: string;
          /** @description info, warning or error; empty: all. */
          level?: string;
          /** @description The page, from 1 (default 1). */
          page?: number;
          /** @description Items per page, 1 to 100 (default 20). */
          pageSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of events */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Page_DebuggerEvent'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recordings/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How long my recordings are kept, and what they cost. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The settings */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RecordingSettings'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /** Sets how long my recordings are kept (audited); the job deletes older ones. */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RetentionInput'];
        };
      };
      responses: {
        /** @description The settings as saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RecordingSettings'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/permissions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The countries the account may call and text, with their rates. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Every active country of the catalogue, then those granted or asked for outside it */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Permissions'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/permissions/{channel}/{country}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Turns a country off for the account, or back on when it is one of the default set. */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description voice or sms */
          channel: string;
          /** @description ISO 3166 code, e.g. GB */
          country: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['Toggle'];
        };
      };
      responses: {
        /** @description The countries as they are now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Permissions'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description Only an administrator turns this country on */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/permissions/requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Asks an administrator to let the account reach a blocked country. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['RequestInput'];
        };
      };
      responses: {
        /** @description The request waits for an administrator */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RequestSent'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/permissions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The default sets, the high-risk prefixes and the requests waiting. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Lists and waiting requests */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AdminPermissions'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /** Saves the default sets (for accounts created from now on) and the high-risk prefixes. */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['Lists'];
        };
      };
      responses: {
        /** @description The lists as saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Lists'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/permissions/requests/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Grants a customer's request (the country joins the account's set) or declines it;
     *     the customer is notified either way.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The request */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['Decision'];
        };
      };
      responses: {
        /** @description Answered */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Decided'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/limits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's spend and rate limits. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Limits in force, the ceiling and the customer's own */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Limits'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /** Sets the customer's own limits, each at most the ceiling ("" for none of their own). */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['CapsInput'];
        };
      };
      responses: {
        /** @description The limits as they are now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Limits'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/limits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The limits every account has until an administrator sets its own ceiling. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The platform's default limits */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['LimitsForm'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /**
     * Saves the platform's default limits ("" for no limit); every account without its
     *     own ceiling follows them from its next call or message.
     */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['CapsInput'];
        };
      };
      responses: {
        /** @description The defaults as saved */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['LimitsForm'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/users/{id}/limits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One account's ceiling and the limits in force. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The user */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The account's limits */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AccountLimits'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    /** Raises or lowers one account's ceiling (audited). */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The user */
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': components['schemas']['CeilingInput'];
        };
      };
      responses: {
        /** @description The account's limits now */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AccountLimits'];
          };
        };
        /** @description The input is invalid: `message`, and `errors` by field */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/fraud/alerts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Open alerts first, then the latest answered ones (at most 200). */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Fraud alerts */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['FraudAlerts'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/fraud/alerts/{id}/dismiss': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Closes an alert as a false alarm (audited). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The alert */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Dismissed */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['FraudAlert'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/fraud/alerts/{id}/suspend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Suspends the alert's account (its sessions end, its calls are refused), hangs up
     *     its calls in progress and closes its open alerts; audited.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The alert */
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The account is suspended */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['FraudAlert'];
          };
        };
        /** @description No valid access token (missing, expired, or the session has ended) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The caller is not an administrator */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description No such record (or not the caller's) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
        /** @description The record's state does not allow this */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['ErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/Messages.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's messages, newest first, filtered by To, From and when they were sent. */
    get: {
      parameters: {
        query?: {
          /** @description Only messages to this number */
          To?: string;
          /** @description Only messages from this number */
          From?: string;
          /** @description Sent on this day (YYYY-MM-DD) or at this UTC time */
          DateSent?: string;
          /** @description Sent on or before */
          'DateSent<'?: string;
          /** @description Sent on or after */
          'DateSent>'?: string;
          /** @description 1 to 1000, 50 by default. */
          PageSize?: number;
          /** @description The page number, from 0. */
          Page?: number;
          /** @description From `next_page_uri`. */
          PageToken?: string;
        };
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of messages */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['MessagePage'];
          };
        };
        /** @description An invalid parameter (21211, 21421, 21602, 21606, 21609, 20001, ...) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Sends a message from one of the account's numbers, charged as the app charges it. */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description A retried request with the same key answers the first message and sends nothing more */
          'Idempotency-Key'?: string | null;
        };
        path: {
          /** @description The account's SID */
          AccountSid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': components['schemas']['MessageForm'];
        };
      };
      responses: {
        /** @description The message, charged and handed to the carrier (or failed and refunded) */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Invalid To (21211), Body (21602, 21617), From not the account's (21606), unsupported destination (21408) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description The balance cannot pay for it (20005) */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description A trial account texting a number it has not verified (21608) */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description The Idempotency-Key was used for another message */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One message of the account's. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description The message's SID */
          Sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The message */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Message'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description No such resource of the account's (20404) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/Calls.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's calls, newest record first, by To, From, Status and start time. */
    get: {
      parameters: {
        query?: {
          /** @description Only calls to this number */
          To?: string;
          /** @description Only calls from this number */
          From?: string;
          /** @description completed, failed or no-answer */
          Status?: string;
          /** @description Started on this day (YYYY-MM-DD) or at this UTC time */
          StartTime?: string;
          /** @description Started on or before */
          'StartTime<'?: string;
          /** @description Started on or after */
          'StartTime>'?: string;
          /** @description 1 to 1000, 50 by default. */
          PageSize?: number;
          /** @description The page number, from 0. */
          Page?: number;
          /** @description From `next_page_uri`. */
          PageToken?: string;
        };
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of calls */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioCallPage'];
          };
        };
        /** @description An invalid parameter (21211, 21421, 21602, 21606, 21609, 20001, ...) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Places a call from one of the account's numbers. */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description A retried request with the same key places one call */
          'Idempotency-Key'?: string | null;
        };
        path: {
          /** @description The account's SID */
          AccountSid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': components['schemas']['CallForm'];
        };
      };
      responses: {
        /** @description The call, queued */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Call'];
          };
        };
        /** @description To invalid (21211), From not the account's (21210), Url missing (21205) or bad (21609), Twiml that cannot run (12100, 12200) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description This instance cannot place calls now */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One call of the account's. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description The call's SID */
          Sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The call */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Call'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description No such resource of the account's (20404) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Ends a call placed through the API, or redirects it to other TwiML. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description The call's SID */
          Sid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': components['schemas']['CallUpdateForm'];
        };
      };
      responses: {
        /** @description The call */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Call'];
          };
        };
        /** @description A bad Status, Url or Twiml, or a redirect of a call not in progress (21220) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description No such resource of the account's (20404) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/Recordings.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's recordings, newest first (one call's with CallSid). */
    get: {
      parameters: {
        query?: {
          /** @description Only this call's recordings */
          CallSid?: string;
          /** @description 1 to 1000, 50 by default. */
          PageSize?: number;
          /** @description The page number, from 0. */
          Page?: number;
          /** @description From `next_page_uri`. */
          PageToken?: string;
        };
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of recordings */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RecordingPage'];
          };
        };
        /** @description An invalid parameter (21211, 21421, 21602, 21606, 21609, 20001, ...) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/Calls/{CallSid}/Recordings.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One call's recordings, newest first. */
    get: {
      parameters: {
        query?: {
          /** @description 1 to 1000, 50 by default. */
          PageSize?: number;
          /** @description The page number, from 0. */
          Page?: number;
          /** @description From `next_page_uri`. */
          PageToken?: string;
        };
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description The call's SID */
          CallSid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of the call's recordings */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['RecordingPage'];
          };
        };
        /** @description An invalid parameter (21211, 21421, 21602, 21606, 21609, 20001, ...) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/Recordings/{Sid}.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One recording's metadata; the same path with `.wav` instead of `.json` (or with no
     *     extension) is its audio, `audio/x-wav`, and with `.mp3` the same audio as MP3.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description The recording's SID */
          Sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The recording, or its WAV */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioRecording'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description No such resource of the account's (20404) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Deletes a recording and its audio. */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description The recording's SID */
          Sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description No such resource of the account's (20404) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's numbers, newest first. */
    get: {
      parameters: {
        query?: {
          /** @description Only this number */
          PhoneNumber?: string;
          /** @description Only numbers with this friendly name */
          FriendlyName?: string;
          /** @description 1 to 1000, 50 by default. */
          PageSize?: number;
          /** @description The page number, from 0. */
          Page?: number;
          /** @description From `next_page_uri`. */
          PageToken?: string;
        };
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of numbers */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['IncomingPhoneNumberPage'];
          };
        };
        /** @description An invalid parameter (21211, 21421, 21602, 21606, 21609, 20001, ...) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Buys a number for sale: the first month and the setup fee, atomically, as in the app. */
    post: {
      parameters: {
        query?: never;
        header?: {
          /** @description A retried request with the same key is applied once */
          'Idempotency-Key'?: string | null;
        };
        path: {
          /** @description The account's SID */
          AccountSid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': components['schemas']['NumberForm'];
        };
      };
      responses: {
        /** @description The number, now the account's */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['IncomingPhoneNumber'];
          };
        };
        /** @description PhoneNumber invalid (21421) or not available (21422), or a bad URL (21609) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description The balance cannot pay for it (20005) */
        402: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Trial accounts cannot buy numbers */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers/{Sid}.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the account's numbers. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description The number's SID */
          Sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The number */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['IncomingPhoneNumber'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description No such resource of the account's (20404) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Sets a number's friendly name and webhook URLs. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description The number's SID */
          Sid: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': components['schemas']['NumberForm'];
        };
      };
      responses: {
        /** @description The number as updated */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['IncomingPhoneNumber'];
          };
        };
        /** @description A bad URL (21609) or friendly name */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description No such resource of the account's (20404) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    /**
     * Releases a number at once: it goes back on sale, its routes and URLs cleared; the
     *     month paid is not refunded.
     */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description The number's SID */
          Sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Released */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description No such resource of the account's (20404) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/AvailablePhoneNumbers/{CountryCode}/{Type}.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Numbers for sale in a country: `Local` (landline), `Mobile` or `TollFree`. */
    get: {
      parameters: {
        query?: {
          /** @description The national number starts with these digits */
          AreaCode?: string;
          /** @description Digits, letters or * the number contains */
          Contains?: string;
          /** @description Only numbers that can (true) or cannot (false) take calls */
          VoiceEnabled?: boolean;
          /** @description Only numbers that can (true) or cannot (false) send SMS */
          SmsEnabled?: boolean;
          /** @description Only numbers that can (true) or cannot (false) send MMS */
          MmsEnabled?: boolean;
          /** @description Only numbers that can (true) or cannot (false) take faxes */
          FaxEnabled?: boolean;
          /** @description 1 to 1000, 50 by default */
          PageSize?: number;
        };
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description ISO 3166 alpha-2, e.g. US or GB */
          CountryCode: string;
          /** @description Local, Mobile or TollFree */
          Type: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Numbers for sale */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['AvailablePhoneNumberPage'];
          };
        };
        /** @description An invalid parameter (21211, 21421, 21602, 21606, 21609, 20001, ...) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description No such resource of the account's (20404) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/Usage/Records.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What the account used, one record per category, from its first day to today (or
     *     StartDate to EndDate).
     */
    get: {
      parameters: {
        query?: {
          /** @description calls, calls-inbound, calls-outbound, sms, sms-outbound, phonenumbers, recordings or totalprice */
          Category?: string;
          /** @description YYYY-MM-DD */
          StartDate?: string;
          /** @description YYYY-MM-DD, inclusive */
          EndDate?: string;
          /** @description 1 to 1000, 50 by default. */
          PageSize?: number;
          /** @description The page number, from 0. */
          Page?: number;
          /** @description From `next_page_uri`. */
          PageToken?: string;
        };
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One record per category */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['UsageRecordPage'];
          };
        };
        /** @description An invalid parameter (21211, 21421, 21602, 21606, 21609, 20001, ...) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/Usage/Records/{Period}.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The same for a period: Today.json, Yesterday.json, ThisMonth.json, LastMonth.json or
     *     AllTime.json; or a record per category and day, month or year between StartDate and
     *     EndDate: Daily.json (the last 30 days by default), Monthly.json (12 months) or
     *     Yearly.json (since the account's first year).
     */
    get: {
      parameters: {
        query?: {
          /** @description One category only */
          Category?: string;
          /** @description YYYY-MM-DD (Daily, Monthly, Yearly) */
          StartDate?: string;
          /** @description YYYY-MM-DD, inclusive (Daily, Monthly, Yearly) */
          EndDate?: string;
          /** @description 1 to 1000, 50 by default. */
          PageSize?: number;
          /** @description The page number, from 0. */
          Page?: number;
          /** @description From `next_page_uri`. */
          PageToken?: string;
        };
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description Today, Yesterday, ThisMonth, LastMonth, AllTime, Daily, Monthly or Yearly */
          Period: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One record per category */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['UsageRecordPage'];
          };
        };
        /** @description An invalid parameter (21211, 21421, 21602, 21606, 21609, 20001, ...) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description No such resource of the account's (20404) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/Usage/Triggers.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's triggers, oldest first. */
    get: {
      parameters: {
        query?: {
          /** @description 1 to 1000, 50 by default. */
          PageSize?: number;
          /** @description The page number, from 0. */
          Page?: number;
          /** @description From `next_page_uri`. */
          PageToken?: string;
        };
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description One page of triggers */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['UsageTriggerPage'];
          };
        };
        /** @description An invalid parameter (21211, 21421, 21602, 21606, 21609, 20001, ...) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    /**
     * Creates a trigger: when UsageCategory's usage (or count, or price: TriggerBy)
     *     reaches TriggerValue in the Recurring period, Dialtone posts to CallbackUrl, once
     *     per period, and tells the customer.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
        };
        cookie?: never;
      };
      /** @description CallbackUrl, TriggerValue, UsageCategory; CallbackMethod, FriendlyName, Recurring, TriggerBy */
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': string;
        };
      };
      responses: {
        /** @description The trigger */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['UsageTrigger'];
          };
        };
        /** @description An invalid parameter (21211, 21421, 21602, 21606, 21609, 20001, ...) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/Usage/Triggers/{Sid}.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One trigger. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description The trigger's SID */
          Sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The trigger */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['UsageTrigger'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description No such resource of the account's (20404) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    /** Renames a trigger or changes where it calls back. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description The trigger's SID */
          Sid: string;
        };
        cookie?: never;
      };
      /** @description CallbackUrl, CallbackMethod, FriendlyName */
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': string;
        };
      };
      responses: {
        /** @description The trigger */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['UsageTrigger'];
          };
        };
        /** @description An invalid parameter (21211, 21421, 21602, 21606, 21609, 20001, ...) */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description No such resource of the account's (20404) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    /** Deletes a trigger. */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
          /** @description The trigger's SID */
          Sid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Deleted */
        204: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description No such resource of the account's (20404) */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/2010-04-01/Accounts/{AccountSid}/Balance.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's balance. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description The account's SID */
          AccountSid: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description The balance */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['Balance'];
          };
        };
        /** @description Wrong or missing credentials (20003) */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
        /** @description Too many wrong credentials from this address (20429); nothing was done */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': components['schemas']['TwilioErrorBody'];
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    AccountCreated: {
      user: components['schemas']['UserView'];
    };
    AccountLimits: {
      ceiling?: null | components['schemas']['LimitsForm'];
      /** @description What binds the account now (its ceiling lowered by the customer's choice). */
      inForce: components['schemas']['LimitsForm'];
    };
    AdjustRequest: components['schemas']['AdjustmentInput'] & {
      /**
       * @description "credit" (Add Funds) or "debit" (Deduct Funds).
       * @example credit
       */
      type: string;
    };
    Adjusted: {
      /** @description The balance after the adjustment. */
      balance: components['schemas']['Money'];
      /**
       * Format: int64
       * @description The ledger entry written.
       */
      entryId: number;
      /** @description E.g. "$5.00 added". */
      message: string;
    };
    /** @description An administrator's balance adjustment: a positive amount in cents and a reason. */
    AdjustmentInput: {
      /** @default  */
      amount: string;
      /** @default  */
      reason: string;
    };
    AdminPermissions: components['schemas']['Lists'] & {
      /** @description Requests waiting for an answer, oldest first (at most 200). */
      requests: components['schemas']['WaitingRequest'][];
    };
    /** @description Section 3's admin phone number. */
    AdminPhone: {
      /** Format: int64 */
      id: number;
      /** @description E.164, e.g. +4930123456. */
      number: string;
      country: string;
      countryCode: string;
      /**
       * @description `mobile`, `landline` or `tollfree`.
       * @example mobile
       */
      type: string;
      /**
       * @description `available`, `reserved`, `active`, `expired` or `inactive`.
       * @example available
       */
      status: string;
      /** @description The owner's email, if anyone holds it. */
      assignedTo?: string | null;
      monthlyFee: components['schemas']['Money'];
      purchaseDate?: string | null;
      addedDate: string;
    };
    AdminPhoneItem: {
      item: components['schemas']['AdminPhone'];
    };
    /** @description The administrators' overview. */
    AdminStats: {
      /** Format: int64 */
      totalUsers: number;
      /** Format: int64 */
      activeNumbers: number;
      /**
       * Format: int64
       * @description Whole minutes of all calls ever.
       */
      minutesUsed: number;
      /** @description What customers have spent, refunds deducted. */
      revenue: components['schemas']['Money'];
      /**
       * Format: int64
       * @description Active countries.
       */
      countries: number;
      /** @description The five countries with the most call revenue in the last 30 days. */
      topCountries: components['schemas']['TopCountry'][];
      /** @description The five newest users. */
      recentUsers: components['schemas']['RecentUser'][];
    };
    /** @description Section 3's admin user list item. */
    AdminUserItem: {
      /** Format: int64 */
      id: number;
      name: string;
      email: string;
      phone?: string | null;
      /**
       * @description `active` or `suspended`.
       * @example active
       */
      status: string;
      /**
       * @description `client` or `admin`.
       * @example client
       */
      role: string;
      joinDate: string;
      lastLogin?: string | null;
      /** @description The free trial: `active` (with `trialDaysLeft`), `expired`, `converted`, or null. */
      trial?: string | null;
      /** Format: int64 */
      trialDaysLeft?: number | null;
    };
    /** @description The user after an action. */
    AdminUserResponse: {
      item: components['schemas']['AdminUserItem'];
    };
    Alerts: {
      lowBalanceThreshold?: null | components['schemas']['Money'];
      /** @description The platform's threshold, which applies when the account has none. */
      platformThreshold: components['schemas']['Money'];
    };
    AlertsRequest: {
      /** @description Dollars, e.g. "5.00"; empty for the platform's threshold. */
      lowBalanceThreshold?: string;
    };
    /** @description The analytics charts over a range of days. */
    AnalyticsReport: {
      /** @description The first day charted. */
      from: string;
      /** @description The last day charted. */
      to: string;
      revenue: components['schemas']['RevenueDay'][];
      calls: components['schemas']['CallDay'][];
      /**
       * Format: double
       * @description Answer-seizure ratio in percent, one decimal; null without calls.
       */
      asr?: number | null;
      /**
       * Format: int64
       * @description Average call duration in seconds; null without answered calls.
       */
      acd?: number | null;
      /** @description The ten destinations with the most call revenue. */
      topDestinations: components['schemas']['TopDestination'][];
      newUsers: components['schemas']['NewUsersDay'][];
    };
    /** @description Answers the switch reports together. */
    AnsweredBatch: {
      /** @description 1 to 500 reports, each as `POST /telephony/answered` takes it. */
      answered: components['schemas']['AnsweredReport'][];
    };
    /** @description What became of a batch: how many reports were recorded, and the ones refused. */
    AnsweredBatchResult: {
      recorded: number;
      refused: components['schemas']['RefusedReport'][];
    };
    /** @description What the switch reports when a call is answered. */
    AnsweredReport: {
      /** @description The callId the call was authorized with. */
      callId: string;
      /** @description For a forwarded call: the callId of its second, outbound leg. */
      forwardId?: string | null;
      /** @description The SIP dialog: Call-ID, From tag and To tag. */
      sipCallId: string;
      fromTag: string;
      toTag: string;
      /** @description The base URL at which this switch takes Dialtone's commands. */
      switch: string;
    };
    ApiKey: {
      /** @example SK0123456789abcdef0123456789abcdef */
      sid: string;
      name: string;
      createdAt: string;
      /** @description When the key last authenticated a request (to the minute), if ever. */
      lastUsedAt?: string | null;
    };
    ApiKeyInput: {
      /**
       * @description What the key is for, 1 to 64 characters.
       * @default
       */
      name: string;
      /**
       * @description The account's password, checked by the server.
       * @default
       */
      password: string;
    };
    ApiKeys: {
      /** @description Active keys, newest first. */
      keys: components['schemas']['ApiKey'][];
    };
    /** @description One audited action. */
    AuditEntry: {
      /** Format: int64 */
      id: number;
      /**
       * @description Who did it: `Name <email>`, "System" for the platform's own jobs, "Deleted
       *     account" when the account is gone.
       */
      actor: string;
      /**
       * @description `admin` or `client` (a customer's own change, e.g. a verified caller ID); null
       *     for the system or a deleted account.
       */
      actorRole?: string | null;
      /** @example user.suspend */
      action: string;
      /**
       * @description The action in words, e.g. "Suspended user".
       * @example Suspended user
       */
      actionLabel: string;
      /**
       * @description The target by name (`Name <email>` of a user, a number, a country's or a
       *     package's name) while it exists; null otherwise.
       */
      subject?: string | null;
      /** @example user */
      targetType: string;
      targetId: string;
      /** @description The changed fields before the action, if recorded. */
      before?: Record<string, never> | null;
      /** @description The changed fields after the action, if recorded. */
      after?: Record<string, never> | null;
      date: string;
    };
    AuthToken: {
      authToken: string;
      previousTokenValidUntil?: string | null;
    };
    AuthorizeRequest: {
      /** @description The switch's id of the call, 1 to 128 characters. */
      callId: string;
      /**
       * @description "inbound" or "outbound".
       * @example outbound
       */
      direction: string;
      /**
       * @description E.164, e.g. +14155550100.
       * @example +14155550100
       */
      from: string;
      /**
       * @description E.164.
       * @example +12125550199
       */
      to: string;
      /**
       * @description For calls from a SIP device: its username. The caller ID `from` must then be
       *     an active number of the device's own account, or the call is refused (or, where
       *     the account chose it, goes out with the device's configured caller ID: the
       *     answer's `callerId`).
       */
      device?: string | null;
      /**
       * @description For the second leg of an IVR flow's forward (the IVR endpoint's own call from
       *     the flow's number): the ticket from its X-Dialtone-Ivr-Leg header. A ticket that
       *     is not Dialtone's refuses the call.
       */
      ivrLeg?: string | null;
    };
    AuthorizeResponse: {
      allowed: boolean;
      /**
       * Format: int64
       * @description The longest the call may last (0 when refused).
       */
      maxDurationSeconds: number;
      /**
       * @description Why it was refused: call_already_ended, unknown_number, account_suspended,
       *     trial_restricted, caller_id_not_yours, destination_not_allowed, no_rate or
       *     insufficient_funds; null when allowed.
       */
      reason?: string | null;
      /**
       * Format: int32
       * @description The SIP status the switch answers a refused call with (402 no funds, 403 not
       *     allowed, 404 no such destination); absent when allowed.
       */
      sipStatus?: number | null;
      /**
       * @description The reason phrase of that SIP answer, in plain words (core's `Refusal::phrase`);
       *     absent when allowed.
       */
      sipReason?: string | null;
      /**
       * @description For an allowed inbound call: the SIP devices (usernames) of the number's owner
       *     the switch rings, all at once. Absent otherwise.
       */
      ringDevices?: string[];
      /**
       * @description For an allowed inbound call to a number its owner forwards: the E.164 number the
       *     switch calls instead of ringing devices. That second leg is an outbound call the
       *     switch authorizes on its own (from the forwarded number), billed to the owner.
       */
      forwardTo?: string | null;
      /**
       * @description For an allowed inbound call to a number routed to an IVR flow: Dialtone's IVR
       *     endpoint (SIP over UDP, host:port) that the switch relays the call to instead.
       */
      ivr?: string | null;
      /**
       * @description With `ivr`: what the switch passes in X-Dialtone-Ticket (beside the paid time in
       *     X-Dialtone-Max-Duration) so that the endpoint knows the call was authorized.
       */
      ivrTicket?: string | null;
      /**
       * @description For an allowed call from a SIP device whose caller ID was not one of the
       *     account's numbers: the caller ID the call goes out with, the number it sent where
       *     the account verified it holds it, else the device's configured one where the
       *     account chose to replace. Absent otherwise.
       */
      callerId?: string | null;
      /**
       * @description With a verified outside `callerId`: the account's own number the call is
       *     recorded and billed as (the device's configured caller ID).
       */
      billedAs?: string | null;
      /**
       * @description With `callerId`: the STIR/SHAKEN attestation the carrier gets, "A" for the
       *     account's own number, "B" for a verified outside one.
       * @example B
       */
      attestation?: string | null;
      /**
       * @description For an allowed call from a SIP device or an IVR leg, where Dialtone has a
       *     STIR/SHAKEN key: the Identity header the carrier gets (RFC 8224), a PASSporT
       *     signed for the caller ID shown (`callerId`, else `from`), `to` and the
       *     attestation. Absent otherwise.
       */
      identity?: string | null;
    };
    /** @description An account's auto-recharge, as the Billing page shows it. */
    AutoRecharge: {
      enabled: boolean;
      threshold?: null | components['schemas']['Money'];
      amount?: null | components['schemas']['Money'];
      monthlyMax?: null | components['schemas']['Money'];
      /** @description Charged or under way this calendar month (UTC). */
      rechargedThisMonth: components['schemas']['Money'];
      /** @description Why it was turned off, when Dialtone turned it off (declines, card removed). */
      offReason?: string | null;
      /** @description When a declined card is tried again. */
      retryAt?: string | null;
      awaitingConfirmation?: null | components['schemas']['Awaiting'];
    };
    AutoRechargeRequest: components['schemas']['RechargeInput'] & {
      /** @description On or off; turning it on needs a saved card. */
      enabled?: boolean;
    };
    /** @description A number for sale. */
    AvailableNumber: {
      /** Format: int64 */
      id: number;
      number: string;
      /**
       * @description `mobile`, `landline` or `tollfree`.
       * @example mobile
       */
      type: string;
      /** @description The monthly price. */
      price: components['schemas']['Money'];
      /** @description The one-time setup fee. */
      setup: components['schemas']['Money'];
      /** @description What the number can do (core's capabilities of every number): `voice`, `sms`. */
      capabilities: string[];
    };
    AvailableNumbers: {
      /** @description At most 50, in number order. */
      numbers: components['schemas']['AvailableNumber'][];
      setupFee: components['schemas']['Money'];
    };
    AvailablePhoneNumber: {
      friendly_name: string;
      phone_number: string;
      iso_country: string;
      address_requirements: string;
      beta: boolean;
      capabilities: {
        [key: string]: boolean;
      };
      lata?: string | null;
      locality?: string | null;
      rate_center?: string | null;
      region?: string | null;
      postal_code?: string | null;
    };
    AvailablePhoneNumberPage: {
      available_phone_numbers: components['schemas']['AvailablePhoneNumber'][];
      uri: string;
    };
    Awaiting: {
      amount: components['schemas']['Money'];
      /** @description For /client/payment/{clientSecret}, where the customer confirms it. */
      clientSecret: string;
    };
    Balance: {
      account_sid: string;
      /** @description In dollars, every digit kept, e.g. "12.3456". */
      balance: string;
      currency: string;
    };
    /** @description Section 3's admin balance item. */
    BalanceItem: {
      /** Format: int64 */
      id: number;
      name: string;
      email: string;
      balance: components['schemas']['Money'];
      lastDeposit?: null | components['schemas']['Movement'];
      lastWithdrawal?: null | components['schemas']['Movement'];
      /**
       * @description The account's status.
       * @example active
       */
      status: string;
      /** @description Money held by calls in progress: not available to spend. */
      held: components['schemas']['Money'];
      /** @description What calls cost beyond what could be collected (0 normally). */
      uncollected: components['schemas']['Money'];
    };
    BanReport: {
      /** @description The source address, e.g. "203.0.113.7". */
      address: string;
      /** @description `scanner`, `flood` or `auth_failures`. */
      reason: string;
      userAgent?: string;
    };
    BillingProfile: {
      /**
       * @description The company name on documents (empty: the account's name).
       * @default
       */
      company: string;
      /** @default  */
      address: string;
      /**
       * @description VAT or tax id.
       * @default
       */
      taxId: string;
      /**
       * @description Where documents are mailed (empty: the account's e-mail).
       * @default
       */
      billingEmail: string;
    };
    /** @description What JsSIP needs to register and call: valid until `expiresAt`. */
    BrowserPhone: {
      username: string;
      /** @description Generated for this page; Dialtone keeps only its digest. */
      password: string;
      realm: string;
      /**
       * @description The switch's SIP-over-WebSocket address (ws on loopback, wss in deployments).
       * @example wss://sip.example.com:443
       */
      wsUrl: string;
      callerId: string;
      /** @description The caller IDs the page may choose from: the account's active numbers. */
      callerIds: string[];
      /**
       * Format: int64
       * @description Unix milliseconds.
       */
      expiresAt: number;
      server: components['schemas']['SipServer'];
    };
    BrowserPhoneInput: {
      /**
       * @description The number the page's calls show, one of the account's active numbers; the
       *     first of them when absent.
       */
      callerId?: string | null;
    };
    Call: {
      account_sid: string;
      api_version: string;
      date_created: string;
      date_updated: string;
      /** @description `inbound`, `outbound-dial`, or `outbound-api` for a call placed through the API. */
      direction: string;
      /** @description Seconds, as a string. */
      duration: string;
      end_time: string;
      from: string;
      from_formatted: string;
      parent_call_sid?: string | null;
      price: string;
      price_unit: string;
      /** @example CA00000000000000000000000000000007 */
      sid: string;
      start_time: string;
      /**
       * @description `completed`, `failed`, `busy` or `no-answer`; a placed call under way is
       *     `queued`, `ringing` or `in-progress`.
       */
      status: string;
      to: string;
      to_formatted: string;
      uri: string;
    };
    CallDay: {
      date: string;
      /** Format: int64 */
      calls: number;
      /** Format: int64 */
      answered: number;
      /**
       * Format: int64
       * @description Minutes, rounded up.
       */
      minutes: number;
    };
    /** @description The form of a call to place. */
    CallForm: {
      /** @description The number to call, E.164. */
      To: string;
      /** @description One of the account's numbers. */
      From: string;
      /** @description Where the TwiML to run comes from once answered (or `Twiml`). */
      Url?: string | null;
      /** @description The TwiML to run once answered, instead of `Url`. */
      Twiml?: string | null;
      /** @description GET or POST for `Url` (default POST). */
      Method?: string | null;
      /** @description Told initiated, ringing, answered and completed, signed. */
      StatusCallback?: string | null;
      /**
       * Format: int32
       * @description Seconds to ring before giving up, 5 to 600 (default 60).
       */
      Timeout?: number | null;
      /**
       * @description `true` records the whole call from its answer, both sides in one track: a
       *     recording of the call (`/Calls/{Sid}/Recordings`), charged as any recording.
       */
      Record?: string | null;
      /** @description Not supported: answers 400. */
      MachineDetection?: string | null;
    };
    /** @description A call record. */
    CallItem: {
      /** Format: int64 */
      id: number;
      callId: string;
      /**
       * @description "inbound" or "outbound".
       * @example outbound
       */
      type: string;
      /** @description The other party: `to` for outbound calls, `from` for inbound. */
      number: string;
      from: string;
      to: string;
      /**
       * @description Minutes and seconds, e.g. "1:05".
       * @example 1:05
       */
      duration: string;
      /** Format: int64 */
      durationSeconds: number;
      /** @description Charged to the balance. */
      cost: components['schemas']['Money'];
      date: string;
      /**
       * @description "completed", "failed" or "no-answer".
       * @example completed
       */
      status: string;
      /** @description Whether a recording can be downloaded. */
      recording: boolean;
      /** @description "Name <email>" of the customer: in the administrators' list only. */
      user?: string | null;
      /**
       * @description The steps and keys of a call an IVR flow answered, e.g. "menu → 2 → voicemail".
       * @example menu → 2 → voicemail
       */
      ivrPath?: string | null;
    };
    /** @description A page of calls, with totals over the whole filtered set. */
    CallPage: {
      items: components['schemas']['CallItem'][];
      /** Format: int64 */
      total: number;
      /** Format: int64 */
      page: number;
      /** Format: int64 */
      pageSize: number;
      totals: components['schemas']['CallTotals'];
      /** @description Pass as `before` for the page after this one; null on the last page. */
      next?: string | null;
    };
    /**
     * @description What a call to `to` costs a minute, for the page's running cost (rated as the bill
     *     will be: core's rateCall with these increments).
     */
    CallRate: {
      /** @description The destination's name, e.g. "United Kingdom". */
      destination: string;
      perMinute: components['schemas']['Money'];
      /**
       * Format: int64
       * @description Seconds billed first, then in steps of `nextIncrement`.
       */
      firstIncrement: number;
      /** Format: int64 */
      nextIncrement: number;
    };
    /** @description The filtered set's size, length and cost. */
    CallTotals: {
      /** Format: int64 */
      calls: number;
      /** Format: int64 */
      durationSeconds: number;
      cost: components['schemas']['Money'];
    };
    /** @description The form of a change to a call under way. */
    CallUpdateForm: {
      /** @description `completed` (hang up) or `canceled` (stop ringing). */
      Status?: string | null;
      /** @description Runs the TwiML of this URL from now on (or `Twiml`). */
      Url?: string | null;
      Method?: string | null;
      Twiml?: string | null;
    };
    CallerIdRule: {
      /**
       * @description true: replace a caller ID that is not the account's with the device's own;
       *     false: refuse the call.
       */
      replace: boolean;
    };
    /**
     * @description Limits as a form types them: amounts in dollars and whole counts, as text; an
     *     empty field is no limit (for the administrator) or the ceiling (for a customer).
     */
    CapsInput: {
      maxRatePerMinute?: string;
      maxCallCost?: string;
      dailySpend?: string;
      concurrentCalls?: string;
      callsPerSecond?: string;
      smsPerMinute?: string;
    };
    /** @description The saved card as shown: never its number. */
    Card: {
      /** @example Visa */
      brand: string;
      /** @example 4242 */
      last4: string;
      /** Format: int64 */
      expMonth: number;
      /** Format: int64 */
      expYear: number;
      /** @description `sandbox` or `stripe`. */
      provider: string;
    };
    CardInput: {
      /** @default  */
      cardNumber: string;
      /** @default  */
      expMonth: string;
      /** @default  */
      expYear: string;
      /** @default  */
      cvc: string;
    };
    CardSetup: {
      /**
       * @description `sandbox` (send the card to /payment/sandbox/card) or `stripe` (confirm the
       *     SetupIntent with Stripe.js, then POST /payment/card/confirm).
       */
      provider: string;
      /** @description The SetupIntent's client secret (null with the sandbox). */
      clientSecret?: string | null;
      setupIntentId?: string | null;
    };
    Catalogue: {
      packages: components['schemas']['PackageView'][];
    };
    /** @description A call detail record: the end of a call, as the switch reports it. */
    Cdr: {
      /** @description The id given to /api/telephony/authorize, 1 to 128 characters. */
      callId: string;
      /**
       * @description "inbound" or "outbound".
       * @example outbound
       */
      direction: string;
      /**
       * @description E.164.
       * @example +14155550100
       */
      from: string;
      /**
       * @description E.164.
       * @example +12125550199
       */
      to: string;
      startedAt: components['schemas']['CdrTime'];
      answeredAt?: null | components['schemas']['CdrTime'];
      endedAt: components['schemas']['CdrTime'];
      /**
       * Format: int64
       * @description 0 to 86400.
       */
      durationSeconds: number;
      /**
       * @description "completed", "failed" or "no-answer".
       * @example completed
       */
      status: string;
      /** @description Whether a recording will be uploaded. */
      recording?: boolean;
    };
    /** @description What a CDR cost, as recorded (a replayed CDR answers the same). */
    CdrAnswer: {
      callId: string;
      /** Format: int64 */
      billableSeconds: number;
      /**
       * Format: int64
       * @description Seconds taken from the user's packages.
       */
      packageSeconds: number;
      /** @description Charged to the balance. */
      cost: components['schemas']['Money'];
      /**
       * @description The CDR's status.
       * @example completed
       */
      status: string;
    };
    /** @description A CDR time: ISO 8601 text or unix seconds. Documentation only. */
    CdrTime: string | number;
    CeilingInput: {
      ceiling?: null | components['schemas']['CapsInput'];
    };
    /** @description The second step an account with two-factor sign-in owes after its password. */
    Challenge: {
      twoFactorRequired: boolean;
      /** @description Sent back with the code to POST /auth/login/2fa, within 5 minutes. */
      challenge: string;
    };
    /** @description Whether the account may reach a country on one channel. */
    ChannelState: {
      /**
       * @description `allowed`, `blocked` or `requested` (blocked, with a request waiting).
       * @example allowed
       */
      status: string;
      /** @description The customer may turn it on without asking (a country of the default set). */
      selfService: boolean;
    };
    CloseRequest: {
      /** @description The account's password. */
      password?: string;
    };
    Closed: {
      /** @description What happens now, in words (the balance kept, how to ask for it back). */
      message: string;
    };
    CodeCosts: {
      lastDay: components['schemas']['CodesSent'];
      last30Days: components['schemas']['CodesSent'];
    };
    CodeOnly: {
      code?: string;
    };
    CodesSent: {
      /** Format: int64 */
      codes: number;
      /** @description What they cost the provider at the destinations' SMS rates. */
      cost: components['schemas']['Money'];
    };
    ConfirmCard: {
      setupIntentId?: string;
    };
    ConfirmRequest: components['schemas']['CardInput'] & {
      /** @description The client secret from POST /api/payment/stripe. */
      clientSecret?: string;
    };
    ConfirmResult: {
      /**
       * @description `succeeded` or `failed`.
       * @example succeeded
       */
      status: string;
      /** @description What to tell the user (the card's decline reason when it failed). */
      message: string;
    };
    ContactInput: {
      /** @default  */
      name: string;
      /** @default  */
      email: string;
      /** @default  */
      subject: string;
      /** @default  */
      message: string;
    };
    ContactReceived: {
      /** @description A thank-you for the sender. */
      message: string;
      /**
       * Format: int64
       * @description The message's number in the inbox.
       */
      id: number;
    };
    /** @description A conversation: one of the customer's numbers, the other party, the latest message. */
    Conversation: {
      /** @description The customer's number. */
      number: string;
      /** @description The other party. */
      contact: string;
      /** Format: int64 */
      messages: number;
      last: components['schemas']['ConversationMessage'];
    };
    /** @description One message of a conversation. */
    ConversationMessage: {
      /**
       * @description `outbound` (sent from the number) or `inbound` (received by it).
       * @example inbound
       */
      direction: string;
      body: string;
      date: string;
      /** @description For a sent message its delivery status; `received` for an inbound one. */
      status: string;
    };
    ConversationThread: {
      number: string;
      contact: string;
      /** @description The last 200 messages, oldest first. */
      messages: components['schemas']['ConversationMessage'][];
    };
    Conversations: {
      /** @description The 100 most recent conversations, newest first. */
      conversations: components['schemas']['Conversation'][];
    };
    CountryChange: {
      /** @description The ISO code of a country in the catalogue, e.g. DE. */
      countryCode?: string;
    };
    CountryPermission: {
      /** @description The catalogue's code, e.g. "UK". */
      code: string;
      /** @description ISO 3166, e.g. "GB". */
      iso: string;
      name: string;
      flag: string;
      callingCode: string;
      outboundRate?: null | components['schemas']['Money'];
      smsRate?: null | components['schemas']['Money'];
      voice: components['schemas']['ChannelState'];
      sms: components['schemas']['ChannelState'];
    };
    /** @description Section 3's admin country price, plus what the edit form needs. */
    CountryRate: {
      /** Format: int64 */
      id: number;
      country: string;
      /** @description ISO 3166 code, e.g. DE. */
      code: string;
      flag: string;
      /** @description Digits without the +, e.g. 49. */
      callingCode: string;
      /** @description Per minute. */
      inboundRate: components['schemas']['Money'];
      /** @description Per minute. */
      outboundRate: components['schemas']['Money'];
      /** @description Per message. */
      smsRate: components['schemas']['Money'];
      /**
       * @description `active` or `inactive`.
       * @example active
       */
      status: string;
      lastUpdated: string;
    };
    CountryRateItem: {
      item: components['schemas']['CountryRate'];
    };
    CredentialEpoch: {
      /**
       * Format: int64
       * @description Moves whenever a device's credentials or caller ID change, a device goes, or an
       *     account's status changes.
       */
      epoch: number;
    };
    CredentialsAnswer: {
      /** @description MD5(username:realm:password), hex. */
      ha1: string;
      /** @description The number the device's calls show. */
      callerId: string;
      /** @description The account may not use the service (suspended): the switch answers 403. */
      suspended: boolean;
      /**
       * Format: int64
       * @description How long the switch may keep this answer, in seconds (0: not at all).
       */
      cacheSeconds: number;
      /**
       * Format: int64
       * @description The credential epoch this answer was read at: the switch keeps it only while
       *     the epoch it last heard of is this one.
       */
      epoch: number;
    };
    CredentialsRequest: {
      /** @description The digest username the device presented. */
      username: string;
    };
    /** @description The dashboard's figures and the latest activity. */
    Dashboard: {
      balance: components['schemas']['Money'];
      /** Format: int64 */
      activeNumbers: number;
      /**
       * Format: int64
       * @description Whole minutes left in active packages.
       */
      minutesRemaining: number;
      /**
       * Format: int64
       * @description Messages not failed since the first of the month (UTC).
       */
      smsThisMonth: number;
      /**
       * Format: int64
       * @description One-part messages the available balance buys at the rate of the destination
       *     the customer texts most (their first number's country, or the US, before any).
       */
      smsRemaining: number;
      /** @description The per-message rate `smsRemaining` counts at, and where it applies. */
      smsRate: components['schemas']['Money'];
      smsDestination: string;
      /** Format: int64 */
      unreadNotifications: number;
      /** @description At most 10 items, newest first. */
      recentActivity: components['schemas']['DashboardActivity'][];
    };
    /** @description One line of recent activity; `type` says which. */
    DashboardActivity:
      | {
          id: string;
          number: string;
          duration: string;
          cost: components['schemas']['Money'];
          date: string;
          /** @enum {string} */
          type: 'call';
        }
      | {
          id: string;
          number: string;
          message: string;
          cost: components['schemas']['Money'];
          date: string;
          /** @enum {string} */
          type: 'sms';
        }
      | {
          id: string;
          amount: components['schemas']['Money'];
          /** @description Always `Card`. */
          method: string;
          date: string;
          /** @enum {string} */
          type: 'deposit';
        }
      | {
          id: string;
          item: string;
          amount: components['schemas']['Money'];
          date: string;
          /** @enum {string} */
          type: 'purchase';
        };
    /** @description One exchange with the account's server. */
    DebuggerEvent: {
      /** Format: int64 */
      id: number;
      /**
       * @description twiml (a document fetched for a call), webhook (an event delivered) or api (a
       *     Twilio API request refused).
       */
      source: string;
      /** @description info (it went through), warning (it went on without something), error. */
      level: string;
      /**
       * Format: int64
       * @description Twilio's error code (11200 HTTP retrieval failure, 12100 document parse
       *     failure, 12200 schema validation, 12300 invalid content type; an API error's
       *     own, such as 21211 invalid To).
       */
      code?: number | null;
      callSid?: string | null;
      method: string;
      url: string;
      /** @description The parameters sent, form-encoded. */
      request: string;
      /**
       * Format: int64
       * @description The answer's HTTP status; null when none came.
       */
      status?: number | null;
      /** @description The first 1,000 characters of the answer's body. */
      response?: string | null;
      message?: string | null;
      /** Format: int64 */
      durationMs: number;
      date: string;
    };
    Decided: {
      message: string;
    };
    Decision: {
      /** @description true grants the country to the account; false declines. */
      approve: boolean;
    };
    DeckChange: {
      kind: components['schemas']['DeckChangeKind'];
      prefix: string;
      destination: string;
      moves: components['schemas']['DeckRateMove'][];
      flagged: boolean;
    };
    /** @enum {string} */
    DeckChangeKind: 'added' | 'changed' | 'removed';
    DeckDiff: {
      added: number;
      changed: number;
      removed: number;
      unchanged: number;
      /**
       * @description Changed prefixes, and added ones compared with the rates in force, with at
       *     least one flagged move.
       */
      flagged: number;
      /** @description Flagged changes first, then the others, by prefix; at most the limit asked. */
      changes: components['schemas']['DeckChange'][];
    };
    /**
     * @description What is wrong with a line: its number (the header is line 1), the column, and
     *     the message.
     */
    DeckLineError: {
      line: number;
      field: string;
      message: string;
    };
    DeckPreview: {
      deck: components['schemas']['RateDeck'];
      against?: null | components['schemas']['RateDeck'];
      thresholdPercent: string;
      diff: components['schemas']['DeckDiff'];
    };
    /** @description One rate of a prefix that differs between the decks. */
    DeckRateMove: {
      /** @description `inbound`, `outbound` or `sms`. */
      rate: string;
      /** @description Micro-dollars, as decimal text. */
      before: string;
      after: string;
      /**
       * @description The change in percent of the old rate, one decimal ("12.5", "-40"); null when
       *     the old rate was zero.
       */
      percent?: string | null;
      /** @description Whether it moves by more than the threshold (any rise from zero does). */
      flagged: boolean;
    };
    /**
     * @description A refused deck: every error with its line (the first 1,000), and how many in all;
     *     or a refused name (`errors.name`, no line).
     */
    DeckRefused: {
      message: string;
      errors: {
        [key: string]: string;
      };
      lines: components['schemas']['DeckLineError'][];
      total: number;
    };
    Deliveries: {
      deliveries: components['schemas']['Delivery'][];
    };
    /** @description A webhook delivery and how its attempts went. */
    Delivery: {
      /** Format: int64 */
      id: number;
      /**
       * @description message.status, message.inbound, call.inbound or call.status.
       * @example message.status
       */
      event: string;
      url: string;
      status: components['schemas']['DeliveryStatus'];
      /** Format: int64 */
      attempts: number;
      /**
       * Format: int64
       * @description The HTTP status of the last answer; null when there was none.
       */
      lastStatusCode?: number | null;
      /** @description Why the last attempt got no answer (timeout, connection refused, ...). */
      lastError?: string | null;
      createdAt: string;
      /** @description When it is tried next, while pending. */
      nextAttemptAt?: string | null;
      deliveredAt?: string | null;
    };
    /**
     * @description Where a delivery stands.
     * @enum {string}
     */
    DeliveryStatus: 'pending' | 'delivered' | 'failed';
    DemoMessage: {
      /** @description The number the code was sent to. */
      to: string;
      text: string;
      sentAt?: string | null;
    };
    DemoPhone: {
      /** @description Whether this server's carrier is the loopback; false means no panel. */
      available: boolean;
      /** @description The verification messages sent for this account, newest first. */
      messages: components['schemas']['DemoMessage'][];
    };
    /** @description One of the user's deposits. */
    Deposit: {
      /** Format: int64 */
      id: number;
      amount: components['schemas']['Money'];
      /**
       * @description `creating`, `pending`, `succeeded` or `failed`.
       * @example succeeded
       */
      status: string;
      /**
       * @description `sandbox` or `stripe`.
       * @example sandbox
       */
      provider: string;
      /** @description Why it failed, when it did. */
      failureMessage?: string | null;
      createdAt: string;
    };
    DepositRequest: {
      amount?: number | string;
    };
    DepositStarted: {
      /** @description The payment intent's client secret, for the card form. */
      clientSecret: string;
      /** Format: int64 */
      paymentId: number;
      /**
       * @description `sandbox` or `stripe`.
       * @example sandbox
       */
      provider: string;
    };
    /** @description The account's API identity; the auth token itself is only shown on request. */
    Developer: {
      /** @example AC0123456789abcdef0123456789abcdef */
      accountSid: string;
      /** @description The auth token's last four characters. */
      authTokenHint: string;
      /** @description Until when the token replaced by the last rotation still works, if it does. */
      previousTokenValidUntil?: string | null;
    };
    DisableRequest: {
      password?: string;
      /** @description A code from the app, or a recovery code. */
      code?: string;
    };
    /** @description A receipt or statement as listed. */
    DocumentView: {
      /** Format: int64 */
      id: number;
      /** @description `receipt` or `statement`. */
      kind: string;
      /** @description e.g. "RC-000042". */
      number: string;
      /** @description A receipt's amount paid; a statement's closing balance. */
      total: components['schemas']['Money'];
      /** @description A statement's month, e.g. "November 2026". */
      period?: string | null;
      issuedAt: string;
    };
    EmailInput: {
      /** @default  */
      subject: string;
      /** @default  */
      body: string;
    };
    EmailQueued: {
      message: string;
    };
    /** @description A new authenticator's secret, to scan or type into the app. */
    Enrolment: {
      /** @description Base32, for typing into the app. */
      secret: string;
      /** @description The otpauth:// URL the QR code carries. */
      otpauthUrl: string;
    };
    /** @description One ledger entry: a credit (positive amount) or a debit (negative). */
    EntryView: {
      /** Format: int64 */
      id: number;
      date: string;
      /**
       * @description deposit, number_purchase, number_renewal, package_purchase, call, sms, refund,
       *     admin_credit or admin_debit.
       * @example deposit
       */
      kind: string;
      description: string;
      amount: components['schemas']['Money'];
      /** @description The balance once this entry was applied. */
      balanceAfter: components['schemas']['Money'];
    };
    /** @description Every failure of the API answers this body (see `crate::error`). */
    ErrorBody: {
      /** @description What went wrong, in words a user can read. */
      message: string;
      /** @description Per-field messages when the input failed validation. */
      errors?: {
        [key: string]: string;
      } | null;
    };
    /** @description One problem of a flow, as core's validation words it. */
    FlowProblem: {
      /** @description The step it belongs to; null for the flow as a whole. */
      step?: string | null;
      message: string;
    };
    ForgotRequest: {
      email?: string;
    };
    FraudAlert: {
      /** Format: int64 */
      id: number;
      /** Format: int64 */
      userId: number;
      name: string;
      email: string;
      /** @description The account's status now: `active` or `suspended`. */
      accountStatus: string;
      /** @description `spend_spike`, `new_countries`, `short_call_burst` or `answer_rate_collapse`. */
      kind: string;
      title: string;
      evidence: string;
      /** @description `open`, `dismissed` or `suspended`. */
      status: string;
      createdAt: string;
    };
    FraudAlerts: {
      alerts: components['schemas']['FraudAlert'][];
    };
    /** @description A number's URLs; empty strings where none is set. */
    Hooks: {
      voiceUrl: string;
      /** @description GET or POST. */
      voiceMethod: string;
      voiceFallbackUrl: string;
      smsUrl: string;
      /** @description GET or POST. */
      smsMethod: string;
      statusCallback: string;
    };
    IncomingPhoneNumber: {
      account_sid: string;
      api_version: string;
      capabilities: {
        [key: string]: boolean;
      };
      date_created: string;
      date_updated: string;
      friendly_name: string;
      origin: string;
      phone_number: string;
      /** @example PN0000000000000000000000000000000c */
      sid: string;
      sms_method: string;
      sms_url: string;
      /** @description `in-use` while active, `expired` in the grace period after a failed renewal. */
      status: string;
      status_callback: string;
      status_callback_method: string;
      uri: string;
      voice_fallback_method: string;
      voice_fallback_url: string;
      voice_method: string;
      voice_url: string;
    };
    IncomingPhoneNumberPage: components['schemas']['PageMeta'] & {
      incoming_phone_numbers: components['schemas']['IncomingPhoneNumber'][];
    };
    IvrFlowDetail: {
      /** Format: int64 */
      id: number;
      name: string;
      /** @description The flow as core's model reads it: name, start, steps by id. */
      flow: Record<string, never>;
      numbers: string[];
      prompts: components['schemas']['IvrPrompt'][];
      subscription?: null | components['schemas']['IvrSubscription'];
      createdAt: string;
      updatedAt: string;
    };
    IvrFlowList: {
      /**
       * @description `basic`, `advanced` or `premium`: what the customer's active packages give
       *     (basic without a package). Flows are validated at this level.
       * @example basic
       */
      level: string;
      limits: components['schemas']['IvrLimits'];
      /** @description The monthly price of each flow in use (a number routes to it). */
      monthlyPrice: components['schemas']['Money'];
      items: components['schemas']['IvrFlowSummary'][];
    };
    IvrFlowSummary: {
      /** Format: int64 */
      id: number;
      name: string;
      steps: number;
      /** @description The active numbers routed to it, E.164. */
      numbers: string[];
      updatedAt: string;
    };
    /** @description What the customer's IVR level allows (core's limits). */
    IvrLimits: {
      steps: number;
      menus: number;
      businessHours: boolean;
      voicemailBoxes: number;
    };
    /** @description A step's prompt as rendered at save time. */
    IvrPrompt: {
      stepId: string;
      /** @description `tts` (the step's text spoken) or `upload`. */
      source: string;
      /** @description The text spoken, or the uploaded file's name. */
      label: string;
      /** Format: double */
      seconds: number;
    };
    /** @description The flow's monthly subscription, while one is paid. */
    IvrSubscription: {
      renewsAt: string;
      monthlyPrice: components['schemas']['Money'];
    };
    IvrVoicemail: {
      /** Format: int64 */
      id: number;
      /** @description The number that was called, E.164. */
      number?: string | null;
      /** Format: int64 */
      flowId?: number | null;
      flowName?: string | null;
      /** @description Who called, as the caller ID arrived. */
      caller: string;
      /**
       * Format: int64
       * @description The recording's length in seconds (whole seconds, rounded).
       */
      seconds: number;
      date: string;
      /** @description The audio has been fetched (played or downloaded) at least once. */
      heard: boolean;
    };
    Limits: {
      /** @description What binds the account now: the lower of its ceiling and its own choice. */
      inForce: components['schemas']['LimitsForm'];
      /** @description The most the customer may choose; an administrator raises it. */
      ceiling: components['schemas']['LimitsForm'];
      /** @description The customer's own limits ("" where they chose none). */
      chosen: components['schemas']['LimitsForm'];
      /** @description Calls and messages charged this UTC day. */
      spentToday: components['schemas']['Money'];
    };
    /** @description Limits as the forms show them: dollars and whole counts as text, "" for none. */
    LimitsForm: {
      maxRatePerMinute: string;
      maxCallCost: string;
      dailySpend: string;
      concurrentCalls: string;
      callsPerSecond: string;
      smsPerMinute: string;
    };
    /** @description The administrator's lists, as stored (space-separated). */
    Lists: {
      /** @description ISO 3166 codes new accounts may call, e.g. "CA GB US". */
      voiceCountries: string;
      /** @description ISO 3166 codes new accounts may text. */
      smsCountries: string;
      /** @description Prefixes (digits with the country code) refused for every account, e.g. "252 8816". */
      highRiskPrefixes: string;
    };
    /** @description A call in progress. */
    LiveCall: {
      callId: string;
      /** @description "inbound" or "outbound". */
      type: string;
      from: string;
      to: string;
      /** @description The customer's email (administrators' list only). */
      customer?: string | null;
      /** Format: int64 */
      userId?: number | null;
      /**
       * Format: int64
       * @description When the switch asked for it (ms since the epoch).
       */
      startedAt: number;
      /**
       * Format: int64
       * @description When it was answered; null while it rings.
       */
      answeredAt?: number | null;
      /**
       * Format: int64
       * @description Talk time so far, whole seconds.
       */
      durationSeconds: number;
      /** @description What the talk time so far costs at the call's rate (package minutes first). */
      costSoFar: components['schemas']['Money'];
      /**
       * Format: int64
       * @description The longest the call may last: the switch ends it then.
       */
      maxDurationSeconds: number;
    };
    LiveCalls: {
      /** @description Oldest first, at most 200. */
      items: components['schemas']['LiveCall'][];
    };
    LoginInput: {
      /** @default  */
      email: string;
      /** @default  */
      password: string;
    };
    LoginRequest: components['schemas']['LoginInput'] & {
      /** @description Keep the session for 30 days instead of until the browser closes. */
      remember?: boolean;
    };
    LoginResponse: {
      user: components['schemas']['UserView'];
      /** @description The access token (a JWT, valid 15 minutes) for the Authorization header. */
      accessToken: string;
    };
    MailConfiguration: {
      /**
       * @description `smtp` or `outbox`.
       * @example outbox
       */
      mode: string;
      /** @description `scheme://host:port` of the SMTP server, without credentials. */
      smtp?: string | null;
      from: string;
      supportEmail: string;
    };
    MarkedAll: {
      /**
       * Format: int64
       * @description How many notifications were unread until now.
       */
      marked: number;
    };
    MarkedRead: {
      /** Format: int64 */
      id: number;
      /** @description Always true. */
      read: boolean;
    };
    /** @description A message as Twilio's API shows it. */
    Message: {
      account_sid: string;
      api_version: string;
      body: string;
      /** @description RFC 2822, e.g. "Wed, 25 Nov 2026 09:10:00 +0000". */
      date_created: string;
      date_sent?: string | null;
      date_updated: string;
      /** @description Always `outbound-api` for messages sent through Dialtone. */
      direction: string;
      /** Format: int32 */
      error_code?: number | null;
      error_message?: string | null;
      from?: string | null;
      messaging_service_sid?: string | null;
      num_media: string;
      num_segments: string;
      /** @description What it cost, negative; null when it was refunded. */
      price?: string | null;
      price_unit: string;
      /** @example SM0000000000000000000000000000002a */
      sid: string;
      /** @description `queued`, `sending`, `sent`, `delivered`, `undelivered` or `failed`. */
      status: string;
      subresource_uris: {
        [key: string]: string;
      };
      to: string;
      uri: string;
    };
    /** @description The form fields of a new message. */
    MessageForm: {
      /** @description The recipient, E.164. */
      To: string;
      /** @description One of the account's active numbers, E.164. */
      From: string;
      Body: string;
      /** @description A URL that receives the message's status changes, signed with X-Twilio-Signature. */
      StatusCallback?: string | null;
    };
    MessageItem: {
      item: components['schemas']['MessageView'];
    };
    /** @description One page of the account's messages. */
    MessagePage: components['schemas']['PageMeta'] & {
      messages: components['schemas']['Message'][];
    };
    MessageView: {
      /** Format: int64 */
      id: number;
      name: string;
      email: string;
      subject: string;
      message: string;
      createdAt: string;
      handled: boolean;
      handledAt?: string | null;
      /** @description From a customer whose plan has priority support: listed first. */
      priority: boolean;
    };
    /**
     * Format: double
     * @description An amount in US dollars
     */
    Money: number;
    /** @description A credit or debit of the balance: its size (never negative) and when it happened. */
    Movement: {
      amount: components['schemas']['Money'];
      date: string;
    };
    /** @description Section 3's client phone number, with what the actions need. */
    MyNumber: {
      /** Format: int64 */
      id: number;
      /** @description E.164, e.g. +4930123456. */
      number: string;
      country: string;
      countryCode: string;
      flag: string;
      /**
       * @description `Mobile`, `Landline` or `Toll-Free`.
       * @example Mobile
       */
      type: string;
      purchaseDate?: string | null;
      /** @description When it renews (or, with renewal cancelled, ends). */
      expiryDate?: string | null;
      /**
       * Format: int64
       * @description Whole days until the expiry date.
       */
      daysRemaining?: number | null;
      /**
       * @description `active`, `expired`, `inactive`, ...
       * @example active
       */
      status: string;
      monthlyFee: components['schemas']['Money'];
      autoRenew: boolean;
      /**
       * @description The free trial number of an account in its trial: free until its expiry date,
       *     when it ends unless the account adds funds (then it renews monthly).
       */
      trial: boolean;
    };
    MyNumbers: {
      /** @description Newest first. */
      numbers: components['schemas']['MyNumber'][];
    };
    /** @description A new key with its secret, which is shown this once. */
    NewApiKey: {
      sid: string;
      name: string;
      secret: string;
      createdAt: string;
    };
    /** @description A new device, with the password shown this once. */
    NewSipDevice: {
      device: components['schemas']['SipDevice'];
      /** @description Generated, 24 letters and digits; Dialtone keeps only its digest. */
      password: string;
      realm: string;
      /** @description Where the device registers and calls. */
      server: components['schemas']['SipServer'];
    };
    NewUsersDay: {
      date: string;
      /** Format: int64 */
      count: number;
    };
    Notification: {
      /** Format: int64 */
      id: number;
      /**
       * @description The event, e.g. deposit, purchase, low_balance, renewal_notice, number_expired,
       *     package_expiring, package_expired, sms_failed, security, voicemail, quota.
       * @example purchase
       */
      kind: string;
      title: string;
      message: string;
      date: string;
      read: boolean;
    };
    /** @description A page of notifications and the count of unread ones. */
    NotificationPage: {
      items: components['schemas']['Notification'][];
      /** Format: int64 */
      total: number;
      /** Format: int64 */
      page: number;
      /** Format: int64 */
      pageSize: number;
      /**
       * Format: int64
       * @description Unread notifications in all pages.
       */
      unread: number;
    };
    /** @description The form fields of a number to buy, or of an update (all optional then). */
    NumberForm: {
      /** @description The number to buy, E.164 (required when buying). */
      PhoneNumber?: string | null;
      /** @description At most 64 characters; empty resets it to the number. */
      FriendlyName?: string | null;
      /** @description Receives inbound messages, signed; empty clears it. */
      SmsUrl?: string | null;
      /** @description GET or POST, how the SmsUrl is asked (default POST). */
      SmsMethod?: string | null;
      /** @description Answers the number's calls with TwiML (asked signed); empty clears it. */
      VoiceUrl?: string | null;
      /** @description GET or POST, how the VoiceUrl is asked (default POST). */
      VoiceMethod?: string | null;
      /** @description Asked when the VoiceUrl cannot be had or its TwiML cannot run; empty clears it. */
      VoiceFallbackUrl?: string | null;
      /** @description Receives call status events, signed; empty clears it. */
      StatusCallback?: string | null;
    };
    /** @description A number's URLs as the My Numbers form (and the API) gives them: empty clears one. */
    NumberHooksInput: {
      /**
       * @description Answers the number's calls with TwiML.
       * @default
       */
      voiceUrl: string;
      /**
       * @description GET or POST (empty: POST).
       * @default
       */
      voiceMethod: string;
      /**
       * @description Asked when the Voice URL cannot be had or its TwiML cannot run.
       * @default
       */
      voiceFallbackUrl: string;
      /**
       * @description Receives the number's inbound messages.
       * @default
       */
      smsUrl: string;
      /**
       * @description GET or POST (empty: POST).
       * @default
       */
      smsMethod: string;
      /**
       * @description Receives the number's call status events.
       * @default
       */
      statusCallback: string;
    };
    NumberInput: {
      /** @default  */
      number: string;
      /** @default  */
      countryCode: string;
      /** @default  */
      type: string;
    };
    /** @description A number of the user's. */
    NumberOnly: {
      number: components['schemas']['MyNumber'];
    };
    /** @description A number, or the same number as text (as a form sends it). Documentation only. */
    NumberOrText: number | string;
    /** @description A number of the user's, and the balance after paying for it. */
    NumberPaid: {
      number: components['schemas']['MyNumber'];
      balance: components['schemas']['Money'];
    };
    NumberRoute: {
      /** @description Every SIP device of the owner, with whether the route names it. */
      devices: components['schemas']['RouteDevice'][];
      /** @description No device is named: inbound calls ring all of them. */
      ringAll: boolean;
      /** @description Calls are forwarded to this E.164 number instead of ringing devices. */
      forwardTo?: string | null;
      /**
       * Format: int64
       * @description Calls are answered by this IVR flow of the owner's instead.
       */
      ivrFlowId?: number | null;
    };
    /** @description Section 3's package owned by a client. */
    OwnedPackage: {
      /**
       * Format: int64
       * @description The purchase's id.
       */
      id: number;
      name: string;
      /** Format: int64 */
      minutes: number;
      /**
       * Format: int64
       * @description Whole minutes left; a started minute is not a minute left.
       */
      remainingMinutes: number;
      /**
       * @description "active", "used" or "expired".
       * @example active
       */
      status: string;
      purchaseDate: string;
      /** @description The end of the current period: the plan renews then unless cancelled. */
      expiryDate: string;
      /**
       * @description Whether it renews at the end of the period (plans bought before plans renewed,
       *     and cancelled ones, do not).
       */
      renews: boolean;
    };
    OwnedPackages: {
      /** @description Active first, then by expiry, newest first (at most 200). */
      packages: components['schemas']['OwnedPackage'][];
    };
    PackageItem: {
      /** @description The package as stored, with `subscribers`. */
      item: components['schemas']['PackageView'];
    };
    PackageList: {
      /** @description Every package, with `subscribers` (at most 500). */
      items: components['schemas']['PackageView'][];
    };
    PackageRemoved: {
      /** @description False when clients still use it and it was deactivated instead. */
      deleted: boolean;
      message: string;
    };
    /** @description The form as sent: numbers may arrive as JSON numbers or strings. */
    PackageRequest: {
      /** @description 1 to 60 characters. */
      name?: string;
      /** @description Whole minutes, 1 to 100000. */
      minutes?: components['schemas']['NumberOrText'];
      /** @description US dollars, more than 0 and at most 10000, at most 2 decimals. */
      price?: components['schemas']['NumberOrText'];
      /** @description Days, 1 to 365. */
      validity?: components['schemas']['NumberOrText'];
      /** @description At most 20, each at most 200 characters. */
      features?: string[];
      /**
       * @description "active" (the default) or "inactive".
       * @example active
       */
      status?: string;
      /** @description Numbers whose monthly fee the plan pays, 0 (the default) to 100. */
      includedNumbers?: components['schemas']['NumberOrText'];
      /** @description IVR flows whose monthly fee the plan pays, 0 (the default) to 100. */
      ivrFlows?: components['schemas']['NumberOrText'];
      /**
       * @description What the plan's IVR flows may contain: "basic" (the default), "advanced" or
       *     "premium".
       * @example basic
       */
      ivrLevel?: string;
      /**
       * @description "email" (the default) or "priority".
       * @example email
       */
      support?: string;
      /** @description Shown as MOST POPULAR. */
      popular?: boolean;
    };
    /** @description A plan (package) of the catalogue. */
    PackageView: {
      /** Format: int64 */
      id: number;
      name: string;
      /** Format: int64 */
      minutes: number;
      price: components['schemas']['Money'];
      /**
       * Format: int64
       * @description Days the minutes stay valid after the purchase.
       */
      validity: number;
      /** @description Lines the administrator added beyond what the plan's fields say. */
      features: string[];
      /**
       * Format: int64
       * @description Numbers whose monthly fee the plan pays while it is in force.
       */
      includedNumbers: number;
      /**
       * Format: int64
       * @description IVR flows whose monthly fee the plan pays while it is in force.
       */
      ivrFlows: number;
      /**
       * @description What the plan's IVR flows may contain: "basic", "advanced" or "premium".
       * @example basic
       */
      ivrLevel: string;
      /**
       * @description "email" or "priority".
       * @example email
       */
      support: string;
      /** @description Shown as MOST POPULAR. */
      popular: boolean;
      /**
       * @description What the plan includes, as every page lists it (core plans::highlights), then
       *     `features`.
       */
      highlights: string[];
      /**
       * Format: int32
       * @description The whole percentage its minutes save against the lowest pay-as-you-go
       *     outbound rate (null when it saves nothing).
       */
      saving?: number | null;
      /** @description "Saves 23% against pay as you go", or null. */
      savingText?: string | null;
      /**
       * @description "active" (on sale) or "inactive".
       * @example active
       */
      status: string;
      /**
       * Format: int64
       * @description Clients with an active purchase of it (administrators' views only).
       */
      subscribers?: number | null;
    };
    /** @description Twilio's paging fields, beside exactly one list key. */
    PageMeta: {
      first_page_uri: string;
      /** Format: int64 */
      end: number;
      previous_page_uri?: string | null;
      uri: string;
      /** Format: int64 */
      page_size: number;
      /** Format: int64 */
      start: number;
      /** @description The next page with the same filters, or null on the last page. */
      next_page_uri?: string | null;
      /** Format: int64 */
      page: number;
    };
    /** @description One page of a list and the size of the whole filtered list. */
    Page_AdminPhone: {
      items: {
        /** Format: int64 */
        id: number;
        /** @description E.164, e.g. +4930123456. */
        number: string;
        country: string;
        countryCode: string;
        /**
         * @description `mobile`, `landline` or `tollfree`.
         * @example mobile
         */
        type: string;
        /**
         * @description `available`, `reserved`, `active`, `expired` or `inactive`.
         * @example available
         */
        status: string;
        /** @description The owner's email, if anyone holds it. */
        assignedTo?: string | null;
        monthlyFee: components['schemas']['Money'];
        purchaseDate?: string | null;
        addedDate: string;
      }[];
      /** Format: int64 */
      total: number;
      /** Format: int64 */
      page: number;
      /** Format: int64 */
      pageSize: number;
    };
    /** @description One page of a list and the size of the whole filtered list. */
    Page_AdminUserItem: {
      items: {
        /** Format: int64 */
        id: number;
        name: string;
        email: string;
        phone?: string | null;
        /**
         * @description `active` or `suspended`.
         * @example active
         */
        status: string;
        /**
         * @description `client` or `admin`.
         * @example client
         */
        role: string;
        joinDate: string;
        lastLogin?: string | null;
        /** @description The free trial: `active` (with `trialDaysLeft`), `expired`, `converted`, or null. */
        trial?: string | null;
        /** Format: int64 */
        trialDaysLeft?: number | null;
      }[];
      /** Format: int64 */
      total: number;
      /** Format: int64 */
      page: number;
      /** Format: int64 */
      pageSize: number;
    };
    /** @description One page of a list and the size of the whole filtered list. */
    Page_AuditEntry: {
      items: {
        /** Format: int64 */
        id: number;
        /**
         * @description Who did it: `Name <email>`, "System" for the platform's own jobs, "Deleted
         *     account" when the account is gone.
         */
        actor: string;
        /**
         * @description `admin` or `client` (a customer's own change, e.g. a verified caller ID); null
         *     for the system or a deleted account.
         */
        actorRole?: string | null;
        /** @example user.suspend */
        action: string;
        /**
         * @description The action in words, e.g. "Suspended user".
         * @example Suspended user
         */
        actionLabel: string;
        /**
         * @description The target by name (`Name <email>` of a user, a number, a country's or a
         *     package's name) while it exists; null otherwise.
         */
        subject?: string | null;
        /** @example user */
        targetType: string;
        targetId: string;
        /** @description The changed fields before the action, if recorded. */
        before?: Record<string, never> | null;
        /** @description The changed fields after the action, if recorded. */
        after?: Record<string, never> | null;
        date: string;
      }[];
      /** Format: int64 */
      total: number;
      /** Format: int64 */
      page: number;
      /** Format: int64 */
      pageSize: number;
    };
    /** @description One page of a list and the size of the whole filtered list. */
    Page_BalanceItem: {
      items: {
        /** Format: int64 */
        id: number;
        name: string;
        email: string;
        balance: components['schemas']['Money'];
        lastDeposit?: null | components['schemas']['Movement'];
        lastWithdrawal?: null | components['schemas']['Movement'];
        /**
         * @description The account's status.
         * @example active
         */
        status: string;
        /** @description Money held by calls in progress: not available to spend. */
        held: components['schemas']['Money'];
        /** @description What calls cost beyond what could be collected (0 normally). */
        uncollected: components['schemas']['Money'];
      }[];
      /** Format: int64 */
      total: number;
      /** Format: int64 */
      page: number;
      /** Format: int64 */
      pageSize: number;
    };
    /** @description One page of a list and the size of the whole filtered list. */
    Page_CountryRate: {
      items: {
        /** Format: int64 */
        id: number;
        country: string;
        /** @description ISO 3166 code, e.g. DE. */
        code: string;
        flag: string;
        /** @description Digits without the +, e.g. 49. */
        callingCode: string;
        /** @description Per minute. */
        inboundRate: components['schemas']['Money'];
        /** @description Per minute. */
        outboundRate: components['schemas']['Money'];
        /** @description Per message. */
        smsRate: components['schemas']['Money'];
        /**
         * @description `active` or `inactive`.
         * @example active
         */
        status: string;
        lastUpdated: string;
      }[];
      /** Format: int64 */
      total: number;
      /** Format: int64 */
      page: number;
      /** Format: int64 */
      pageSize: number;
    };
    /** @description One page of a list and the size of the whole filtered list. */
    Page_DebuggerEvent: {
      items: {
        /** Format: int64 */
        id: number;
        /**
         * @description twiml (a document fetched for a call), webhook (an event delivered) or api (a
         *     Twilio API request refused).
         */
        source: string;
        /** @description info (it went through), warning (it went on without something), error. */
        level: string;
        /**
         * Format: int64
         * @description Twilio's error code (11200 HTTP retrieval failure, 12100 document parse
         *     failure, 12200 schema validation, 12300 invalid content type; an API error's
         *     own, such as 21211 invalid To).
         */
        code?: number | null;
        callSid?: string | null;
        method: string;
        url: string;
        /** @description The parameters sent, form-encoded. */
        request: string;
        /**
         * Format: int64
         * @description The answer's HTTP status; null when none came.
         */
        status?: number | null;
        /** @description The first 1,000 characters of the answer's body. */
        response?: string | null;
        message?: string | null;
        /** Format: int64 */
        durationMs: number;
        date: string;
      }[];
      /** Format: int64 */
      total: number;
      /** Format: int64 */
      page: number;
      /** Format: int64 */
      pageSize: number;
    };
    /** @description One page of a list and the size of the whole filtered list. */
    Page_Deposit: {
      items: {
        /** Format: int64 */
        id: number;
        amount: components['schemas']['Money'];
        /**
         * @description `creating`, `pending`, `succeeded` or `failed`.
         * @example succeeded
         */
        status: string;
        /**
         * @description `sandbox` or `stripe`.
         * @example sandbox
         */
        provider: string;
        /** @description Why it failed, when it did. */
        failureMessage?: string | null;
        createdAt: string;
      }[];
      /** Format: int64 */
      total: number;
      /** Format: int64 */
      page: number;
      /** Format: int64 */
      pageSize: number;
    };
    /** @description One page of a list and the size of the whole filtered list. */
    Page_DocumentView: {
      items: {
        /** Format: int64 */
        id: number;
        /** @description `receipt` or `statement`. */
        kind: string;
        /** @description e.g. "RC-000042". */
        number: string;
        /** @description A receipt's amount paid; a statement's closing balance. */
        total: components['schemas']['Money'];
        /** @description A statement's month, e.g. "November 2026". */
        period?: string | null;
        issuedAt: string;
      }[];
      /** Format: int64 */
      total: number;
      /** Format: int64 */
      page: number;
      /** Format: int64 */
      pageSize: number;
    };
    /** @description One page of a list and the size of the whole filtered list. */
    Page_EntryView: {
      items: {
        /** Format: int64 */
        id: number;
        date: string;
        /**
         * @description deposit, number_purchase, number_renewal, package_purchase, call, sms, refund,
         *     admin_credit or admin_debit.
         * @example deposit
         */
        kind: string;
        description: string;
        amount: components['schemas']['Money'];
        /** @description The balance once this entry was applied. */
        balanceAfter: components['schemas']['Money'];
      }[];
      /** Format: int64 */
      total: number;
      /** Format: int64 */
      page: number;
      /** Format: int64 */
      pageSize: number;
    };
    /** @description One page of a list and the size of the whole filtered list. */
    Page_MessageView: {
      items: {
        /** Format: int64 */
        id: number;
        name: string;
        email: string;
        subject: string;
        message: string;
        createdAt: string;
        handled: boolean;
        handledAt?: string | null;
        /** @description From a customer whose plan has priority support: listed first. */
        priority: boolean;
      }[];
      /** Format: int64 */
      total: number;
      /** Format: int64 */
      page: number;
      /** Format: int64 */
      pageSize: number;
    };
    /** @description One page of a list and the size of the whole filtered list. */
    Page_SmsItem: {
      items: {
        /** Format: int64 */
        id: number;
        to: string;
        message: string;
        /** Format: int64 */
        segments: number;
        cost: components['schemas']['Money'];
        /**
         * @description `queued` (waiting for the SMPP link), `sending`, `sent`, `delivered`,
         *     `undelivered` (the carrier reported it lost; not refunded) or `failed`
         *     (refused; refunded).
         * @example delivered
         */
        status: string;
        /** @description Why the message failed, if it did. */
        error?: string | null;
        date: string;
      }[];
      /** Format: int64 */
      total: number;
      /** Format: int64 */
      page: number;
      /** Format: int64 */
      pageSize: number;
    };
    /** @description The password part of the settings form. */
    PasswordChangeInput: {
      /** @default  */
      currentPassword: string;
      /** @default  */
      newPassword: string;
      /** @default  */
      confirmPassword: string;
    };
    PasswordChanged: {
      message: string;
      /** @description A fresh access token: the change ended every other session. */
      accessToken: string;
    };
    PasswordConfirmation: {
      /** @description The account's password. */
      password?: string;
    };
    PasswordOnly: {
      password?: string;
    };
    PaymentConfig: {
      /**
       * @description `sandbox` or `stripe`.
       * @example sandbox
       */
      provider: string;
      /** @description Stripe's publishable key, for Stripe.js (null with the sandbox). */
      publishableKey?: string | null;
      /**
       * Format: int64
       * @description The smallest deposit in US dollars.
       */
      minDeposit: number;
      /**
       * @description The largest deposit in US dollars, as a decimal string (e.g. "10000").
       * @example 10000
       */
      maxDeposit: string;
    };
    PaymentState: {
      payment: components['schemas']['Deposit'];
    };
    PaymentsConfiguration: {
      /**
       * @description `stripe` or `sandbox`.
       * @example sandbox
       */
      provider: string;
      publishableKey?: string | null;
      webhookSecretSet: boolean;
      apiBase: string;
    };
    Permissions: {
      countries: components['schemas']['CountryPermission'][];
    };
    Plans: {
      /** @description The plans on sale, in display order. */
      plans: components['schemas']['PackageView'][];
      payAsYouGoFrom?: null | components['schemas']['Money'];
    };
    /** @description Mail, payments and SMS as configured outside the database (no secrets). */
    PlatformConfiguration: {
      mail: components['schemas']['MailConfiguration'];
      payments: components['schemas']['PaymentsConfiguration'];
      sms: components['schemas']['SmsConfiguration'];
    };
    Pricing: {
      countries: components['schemas']['PricingRow'][];
      summary: components['schemas']['PricingSummary'];
    };
    /**
     * @description A row of the public pricing page (spec section 3). Prices are JSON numbers; a
     *     type the country does not offer is null.
     */
    PricingRow: {
      /** Format: int64 */
      id: number;
      name: string;
      /** @description ISO 3166 code, e.g. DE. */
      code: string;
      flag: string;
      /** @description The country's calling code without "+", e.g. 49. */
      callingCode: string;
      mobile?: null | components['schemas']['Money'];
      landline?: null | components['schemas']['Money'];
      tollFree?: null | components['schemas']['Money'];
      /** @description Per minute. */
      inboundRate: components['schemas']['Money'];
      /** @description Per minute. */
      outboundRate: components['schemas']['Money'];
      /** @description Per message (segment). */
      smsRate: components['schemas']['Money'];
    };
    /**
     * @description What the public pages claim, computed from the price list (core's `from_prices`):
     *     how many countries it covers and the lowest price of each thing sold.
     */
    PricingSummary: {
      countries: number;
      numbersFrom?: null | components['schemas']['Money'];
      inboundFrom?: null | components['schemas']['Money'];
      outboundFrom?: null | components['schemas']['Money'];
      smsFrom?: null | components['schemas']['Money'];
      /** @description The one-time fee per number bought. */
      setupFee: components['schemas']['Money'];
      /** @description A call recording's price per started minute (0: free). */
      recordingRate: components['schemas']['Money'];
    };
    /**
     * @description The profile part of the settings form.
     *
     *     The spec gives the names a minimum length of 4 while its message says 6. We
     *     enforce 4 and say 4, so the rule and its message can never disagree.
     */
    ProfileInput: {
      /** @default  */
      firstName: string;
      /** @default  */
      lastName: string;
      /** @default  */
      email: string;
    };
    ProfileRequest: components['schemas']['ProfileInput'] & {
      emailNotifications?: boolean | null;
      smsNotifications?: boolean | null;
      /** @description Required when the email changes. */
      currentPassword?: string;
    };
    /** @description The provider's details printed on every document issued from now on. */
    ProviderDetails: {
      /**
       * @description Legal name (empty: "Dialtone").
       * @default
       */
      legalName: string;
      /** @default  */
      address: string;
      /** @default  */
      taxId: string;
      /**
       * @description Where customers write about their documents.
       * @default
       */
      email: string;
    };
    PurchaseRequest: {
      /**
       * Format: int64
       * @description The `id` of an available number.
       */
      numberId: number;
    };
    Purchased: {
      package: components['schemas']['OwnedPackage'];
      /** @description The balance after the purchase. */
      balance: components['schemas']['Money'];
    };
    RangeInput: {
      /**
       * @description The first number of the range, E.164.
       * @default
       */
      first: string;
      /**
       * @description How many consecutive numbers, 1 to 1000.
       * @default
       */
      count: string;
      /** @default  */
      countryCode: string;
      /** @default  */
      type: string;
    };
    /** @description What a range adds: the numbers new to the inventory, and those already in it. */
    RangePreview: {
      added: string[];
      alreadyInInventory: string[];
      /** @description Whether the numbers were added (false for a preview). */
      applied: boolean;
    };
    RangeRequest: components['schemas']['RangeInput'] & {
      /** @description false (the default): only show what would be added. */
      apply?: boolean;
    };
    /** @description A deck as the history lists it. */
    RateDeck: {
      /** Format: int64 */
      id: number;
      name: string;
      /** @description YYYY-MM-DD. */
      effectiveFrom: string;
      /**
       * @description `draft`, `scheduled`, `live` or `superseded`.
       * @example live
       */
      status: string;
      /**
       * Format: int64
       * @description Prefixes in the deck.
       */
      rows: number;
      /** @description The administrator's email. */
      createdBy?: string | null;
      createdAt: string;
      appliedAt?: string | null;
      /** @description When it took or takes over rating (the later of its date and when applied). */
      inForceFrom?: string | null;
    };
    RateDeckItem: {
      item: components['schemas']['RateDeck'];
    };
    RateDeckList: {
      /** @description Newest first. */
      items: components['schemas']['RateDeck'][];
    };
    /** @description The form as sent: rates may arrive as JSON numbers or strings. */
    RateRequest: {
      /** @description The country's name. */
      country?: string;
      /** @description Two capital letters, e.g. DE. */
      code?: string;
      callingCode?: number | string;
      /** @description An emoji flag, at most 8 characters (kept when empty on update). */
      flag?: string;
      inboundRate?: number | string;
      outboundRate?: number | string;
      smsRate?: number | string;
      /** @description `active` (the default) or `inactive`. */
      status?: string;
    };
    Reassign: {
      /** @description The new owner's email; null or empty returns the number to inventory. */
      email?: string | null;
    };
    RecentUser: {
      /** Format: int64 */
      id: number;
      name: string;
      email: string;
      status: string;
      joinDate: string;
    };
    /** @description The form as typed: dollars, as text. */
    RechargeInput: {
      /** @description Recharge when the available balance falls below this, e.g. "10.00". */
      threshold?: string;
      /** @description Add this much each time, e.g. "50.00". */
      amount?: string;
      /** @description Never recharge more than this in a calendar month (UTC), e.g. "500.00". */
      monthlyMax?: string;
    };
    RecordingPage: components['schemas']['PageMeta'] & {
      recordings: components['schemas']['TwilioRecording'][];
    };
    /** @description The account's recording settings and what recordings cost. */
    RecordingSettings: {
      /**
       * Format: int64
       * @description Days a recording is kept; 0 until it is deleted.
       * @example 30
       */
      retentionDays: number;
      /** @description The choices of retention_days. */
      retentionChoices: number[];
      /** @description The price of each started minute of a recording. */
      ratePerMinute: components['schemas']['Money'];
    };
    /** @description Recovery codes, shown this once. */
    RecoveryCodes: {
      recoveryCodes: string[];
    };
    Refreshed: {
      accessToken: string;
    };
    /** @description A report of a batch that was not valid, by its place in the batch (from 0). */
    RefusedReport: {
      index: number;
      message: string;
    };
    RegistrationReport: {
      username: string;
      /** @description The Contact the device registered. */
      contact: string;
      /** @description Where the REGISTER came from, e.g. "udp:203.0.113.7:5060". */
      source: string;
      /**
       * Format: int64
       * @description Seconds the registration lasts; 0 ends it.
       */
      expires: number;
    };
    RequestInput: {
      /** @description `voice` or `sms`. */
      channel: string;
      /** @description ISO 3166 code, e.g. "SO". */
      country: string;
      /** @description Why the account needs it (at most 500 characters). */
      note?: string;
    };
    RequestSent: {
      /** Format: int64 */
      id: number;
      message: string;
    };
    Resent: {
      delivery: components['schemas']['Delivery'];
    };
    /** @description A message for the user, and nothing else. */
    ResetMessage: {
      message: string;
    };
    ResetRequest: {
      /** @description The token from the mailed link. */
      token?: string;
      /** @description The new password. */
      password?: string;
    };
    RetentionInput: {
      /**
       * Format: int64
       * @description One of retention_choices.
       * @example 30
       */
      retentionDays: number;
    };
    /** @description One day's money in (deposits) and revenue by product, with refunds apart. */
    RevenueDay: {
      date: string;
      /** @description Money paid in. */
      deposits: components['schemas']['Money'];
      numbers: components['schemas']['Money'];
      packages: components['schemas']['Money'];
      inboundCalls: components['schemas']['Money'];
      outboundCalls: components['schemas']['Money'];
      /** @description Call recordings stored. */
      recordings: components['schemas']['Money'];
      sms: components['schemas']['Money'];
      /** @description IVR plans' monthly fees. */
      ivr: components['schemas']['Money'];
      /** @description Money given back to customers. */
      refunds: components['schemas']['Money'];
    };
    RoleChange: {
      /**
       * @description `admin` or `client`.
       * @example client
       */
      role?: string;
    };
    RouteDevice: {
      /** Format: int64 */
      id: number;
      username: string;
      /** @description The route names this device. */
      selected: boolean;
    };
    RouteRequest: {
      /** @description The devices to ring, by id; empty rings all of the owner's devices. */
      devices: number[];
      /**
       * @description Forward calls to this E.164 number instead (a second, outbound leg billed to
       *     you); empty or absent: ring devices.
       */
      forwardTo?: string | null;
      /**
       * Format: int64
       * @description Answer calls with this IVR flow of yours instead (not with forwardTo). The
       *     flow's first month is charged when it is not in use yet; absent: no flow.
       */
      ivrFlowId?: number | null;
    };
    SavedCardState: {
      card?: null | components['schemas']['Card'];
    };
    SecondStepRequest: {
      /** @description The challenge the password's 202 answer gave. */
      challenge?: string;
      /** @description A 6-digit code from the authenticator app, or a recovery code. */
      code?: string;
    };
    /** @description A message to send, and optionally which of the caller's numbers sends it. */
    SendSms: {
      /** @default  */
      to: string;
      /** @default  */
      message: string;
    } & {
      /**
       * @description The sender: one of the caller's active numbers (E.164). Without it, the
       *     caller's first active number.
       * @example +14155550100
       */
      from?: string | null;
    };
    /** @description What happened, for the user. */
    Sent: {
      message: string;
    };
    SettingsInput: {
      /** @default  */
      setupFee: string;
      /** @default  */
      renewalNoticeDays: string;
      /** @default  */
      lowBalanceThreshold: string;
      /** @default  */
      gracePeriodDays: string;
      /** @default  */
      maxDeposit: string;
      /** @default  */
      defaultFirstIncrement: string;
      /** @default  */
      defaultNextIncrement: string;
      /**
       * @description The free trial's credit; empty keeps the one in force.
       * @default
       */
      trialCredit: string;
      /**
       * @description A recording's price per started minute; empty keeps the one in force.
       * @default
       */
      recordingRate: string;
    };
    SettingsPage: {
      settings: components['schemas']['SettingsValues'];
      configuration: components['schemas']['PlatformConfiguration'];
    };
    SettingsSaved: {
      settings: components['schemas']['SettingsValues'];
      message: string;
    };
    /** @description The settings form's values, as text (amounts with two decimals). */
    SettingsValues: {
      /** @example 2.00 */
      setupFee: string;
      /** @example 7 */
      renewalNoticeDays: string;
      /** @example 5.00 */
      lowBalanceThreshold: string;
      /** @example 3 */
      gracePeriodDays: string;
      /** @example 1000.00 */
      maxDeposit: string;
      /**
       * @description Seconds.
       * @example 60
       */
      defaultFirstIncrement: string;
      /**
       * @description Seconds.
       * @example 60
       */
      defaultNextIncrement: string;
      /**
       * @description Credit a new account's free trial starts with.
       * @example 1.00
       */
      trialCredit: string;
      /**
       * @description A call recording's price per started minute (to the micro-dollar).
       * @example 0.0025
       */
      recordingRate: string;
    };
    ShopCountries: {
      countries: components['schemas']['ShopCountry'][];
    };
    /** @description A country a client can buy numbers in, and the types it offers. */
    ShopCountry: {
      /** Format: int64 */
      id: number;
      name: string;
      /** @description ISO 3166 code, e.g. DE: the `country` of /api/numbers/available. */
      code: string;
      flag: string;
      mobile: boolean;
      landline: boolean;
      tollfree: boolean;
    };
    /** @description What the server receives at POST /auth/signup. */
    SignupInput: {
      /** @default  */
      name: string;
      /** @default  */
      email: string;
      /** @default  */
      password: string;
    };
    SipBan: {
      address: string;
      /** @description `scanner`, `flood` or `auth_failures`. */
      reason: string;
      userAgent: string;
      bannedAt: string;
      expiresAt: string;
    };
    SipBans: {
      /** @description Bans in force, newest first, at most 100. */
      bans: components['schemas']['SipBan'][];
    };
    /** @description A SIP device and its registration state. */
    SipDevice: {
      /** Format: int64 */
      id: number;
      username: string;
      /** @description The number calls from this device show, one of the account's active numbers. */
      callerId: string;
      createdAt: string;
      /** @description Registered now (the last registration has not expired). */
      registered: boolean;
      /** @description The address the last registration came from, e.g. "udp:203.0.113.7:5060". */
      registeredFrom?: string | null;
      /** @description When the device last registered. */
      lastSeen?: string | null;
    };
    SipDeviceInput: {
      /** @description 4 to 32 of a-z, 0-9, '.', '-', '_', starting with a letter. */
      username?: string;
      /** @description One of the account's active numbers, E.164. */
      callerId?: string;
      /** @description The account's password, checked by the server. */
      password?: string;
    };
    SipDevices: {
      items: components['schemas']['SipDevice'][];
      /** @description The digest realm devices authenticate in. */
      realm: string;
      /** @description Where devices register and call. */
      server: components['schemas']['SipServer'];
      /** @description The caller IDs a new device may use: the account's active numbers. */
      callerIds: string[];
    };
    /** @description What a softphone asks for besides its username and password. */
    SipServer: {
      /**
       * @description The SIP server (domain) to register to.
       * @example sip.example.com
       */
      host: string;
      /**
       * Format: int32
       * @example 5060
       */
      port: number;
      /** @description The transports the switch listens on, of udp, tcp, tls, ws, wss. */
      transports: string[];
      /** @description A proxy to send through, when the deployment has one. */
      outboundProxy?: string | null;
      /** @description The digest realm the switch challenges with. */
      realm: string;
    };
    SmsConfiguration: {
      /**
       * @description `loopback` or `http`.
       * @example loopback
       */
      provider: string;
      url?: string | null;
    };
    SmsInput: {
      /** @default  */
      to: string;
      /** @default  */
      message: string;
    };
    /** @description A sent (or failed) message. */
    SmsItem: {
      /** Format: int64 */
      id: number;
      to: string;
      message: string;
      /** Format: int64 */
      segments: number;
      cost: components['schemas']['Money'];
      /**
       * @description `queued` (waiting for the SMPP link), `sending`, `sent`, `delivered`,
       *     `undelivered` (the carrier reported it lost; not refunded) or `failed`
       *     (refused; refunded).
       * @example delivered
       */
      status: string;
      /** @description Why the message failed, if it did. */
      error?: string | null;
      date: string;
    };
    SmsLink: {
      /**
       * @description The link's id: host, process and a random suffix, generated when it starts.
       * @example web-1:4242:9f86d081
       */
      instanceId: string;
      /** @example dialtone */
      systemId: string;
      /**
       * @description host:port of the SMSC.
       * @example smsc.example.net:2775
       */
      smscAddr: string;
      bound: boolean;
      boundSince?: string | null;
      lastError?: string | null;
      lastErrorAt?: string | null;
      /**
       * Format: int64
       * @description Parts submitted since the link started.
       */
      submittedTotal: number;
      /**
       * Format: int64
       * @description Receipts and inbound messages received since the link started.
       */
      receivedTotal: number;
      /**
       * Format: int64
       * @description Parts submitted in the last minute (as of updatedAt).
       */
      submittedPerMinute: number;
      /**
       * Format: int64
       * @description Receipts and inbound messages received in the last minute (as of updatedAt).
       */
      receivedPerMinute: number;
      updatedAt: string;
      /** @description Not updated for three minutes: the link or its instance is gone. */
      stale: boolean;
    };
    SmsLinkPage: {
      /**
       * @description `loopback`, `http` or `smpp`.
       * @example smpp
       */
      provider: string;
      links: components['schemas']['SmsLink'][];
      queue: components['schemas']['SmsQueue'];
    };
    SmsQueue: {
      /**
       * Format: int64
       * @description Messages `queued` for the carrier.
       */
      queued: number;
      /**
       * Format: int64
       * @description Seconds since the oldest of them was queued.
       */
      oldestQueuedSeconds?: number | null;
    };
    /** @description What a message would cost: its parts, encoding, and the destination's rate. */
    SmsQuote: {
      /** Format: int64 */
      segments: number;
      /**
       * @description `GSM-7` or `UCS-2`.
       * @example GSM-7
       */
      encoding: string;
      /** Format: int64 */
      characters: number;
      /** @description The destination's price per part. */
      rate: components['schemas']['Money'];
      cost: components['schemas']['Money'];
      /** @description The destination country. */
      country: string;
    };
    /** @description The message as stored, and the balance after its charge. */
    SmsSent: {
      message: components['schemas']['SmsItem'];
      balance: components['schemas']['Money'];
    };
    Toggle: {
      allowed: boolean;
    };
    TopCountry: {
      name: string;
      /** @description Call revenue of the last 30 days. */
      revenue: components['schemas']['Money'];
      /**
       * Format: double
       * @description Percent change against the 30 days before (one decimal); null without those.
       */
      change?: number | null;
    };
    TopDestination: {
      /** @description The country, or `Unrated`. */
      country: string;
      /** Format: int64 */
      calls: number;
      /** Format: int64 */
      minutes: number;
      revenue: components['schemas']['Money'];
    };
    /** @description The signed-in user's free trial. */
    TrialView: {
      /** @description `active`, `expired`, `converted`, or null for an account without a trial. */
      status?: string | null;
      /** @description Whether the trial is running now (its restrictions bind once credit is granted). */
      active: boolean;
      endsAt?: string | null;
      /** Format: int64 */
      daysLeft: number;
      /** @description The trial credit granted (0 until the first number is verified). */
      credit: components['schemas']['Money'];
      /** @description What verifying a first number grants (the admin's setting). */
      offeredCredit: components['schemas']['Money'];
      /** @description Numbers verified by code: the only ones trial credit may call or text. */
      verifiedNumbers: string[];
      /**
       * @description Whether the account may take its free trial number now (in the buy-number
       *     wizard): verified, in its trial, and none taken before.
       */
      numberOffer: boolean;
      /** @description The free trial number the account has now, if any. */
      trialNumber?: string | null;
    };
    /** @description A trigger as asked for (Twilio's parameters, or the client area's form). */
    TriggerForm: {
      /** @default  */
      callbackUrl: string;
      /**
       * @description GET or POST (the default).
       * @default
       */
      callbackMethod: string;
      /** @default  */
      usageCategory: string;
      /**
       * @description usage (the default), count or price.
       * @default
       */
      triggerBy: string;
      /** @default  */
      triggerValue: string;
      /**
       * @description "", daily, monthly, yearly or alltime.
       * @default
       */
      recurring: string;
      /** @default  */
      friendlyName: string;
    };
    TriggerList: {
      items: components['schemas']['TriggerView'][];
    };
    /** @description A usage trigger as the client area shows it. */
    TriggerView: {
      /** Format: int64 */
      id: number;
      /** @description The same trigger's SID in the Twilio-compatible API. */
      sid: string;
      friendlyName: string;
      usageCategory: string;
      triggerBy: string;
      triggerValue: string;
      recurring: string;
      callbackUrl: string;
      /** @description The category's value when last checked, in the trigger's unit. */
      currentValue: string;
      dateFired?: string | null;
    };
    TwilioCallPage: components['schemas']['PageMeta'] & {
      calls: components['schemas']['Call'][];
    };
    /** @description What a Twilio error looks like on the wire. */
    TwilioErrorBody: {
      /**
       * Format: int32
       * @example 20404
       */
      code: number;
      message: string;
      /** @description Twilio's page about the code. */
      more_info: string;
      /**
       * Format: int32
       * @example 404
       */
      status: number;
    };
    TwilioRecording: {
      account_sid: string;
      api_version: string;
      call_sid: string;
      /** Format: int32 */
      channels: number;
      date_created: string;
      date_updated: string;
      /** @description Seconds, as a string. */
      duration: string;
      /** @example RE0123456789abcdef0123456789abcdef */
      sid: string;
      /** @description RecordVerb: made by TwiML's <Record>. */
      source: string;
      start_time: string;
      status: string;
      /** @description The metadata (.json); the audio is the same path without it, or with .wav. */
      uri: string;
    };
    /** @description Whether the signed-in user signs in with a second step, and must. */
    TwoFactorStatus: {
      enabled: boolean;
      /** @description An administrator must turn it on before the admin area opens. */
      required: boolean;
      /** Format: int64 */
      recoveryCodesLeft: number;
    };
    UsageChart: {
      /** @description `week`, `month` or `year`. */
      range: string;
      points: components['schemas']['UsagePoint'][];
    };
    /** @description One bucket of the usage chart. */
    UsagePoint: {
      /** @description The day (`2026-11-21`), or the month (`2026-11`) for a year. */
      label: string;
      /**
       * Format: int64
       * @description Billable minutes, rounded up.
       */
      minutes: number;
      /** Format: int64 */
      messages: number;
      spend: components['schemas']['Money'];
    };
    UsageRecord: {
      account_sid: string;
      api_version: string;
      as_of: string;
      category: string;
      count: string;
      count_unit: string;
      description: string;
      /** @description YYYY-MM-DD, inclusive. */
      end_date: string;
      price: string;
      price_unit: string;
      start_date: string;
      subresource_uris: {
        [key: string]: string;
      };
      uri: string;
      usage: string;
      usage_unit: string;
    };
    UsageRecordPage: components['schemas']['PageMeta'] & {
      usage_records: components['schemas']['UsageRecord'][];
    };
    UsageTrigger: {
      account_sid: string;
      api_version: string;
      callback_method: string;
      callback_url: string;
      /** @description The category's value when the job last looked, in the trigger's unit. */
      current_value: string;
      date_created: string;
      date_fired?: string | null;
      date_updated: string;
      friendly_name: string;
      /** @description "", daily, monthly, yearly or alltime. */
      recurring: string;
      /** @example UT0123456789abcdef0123456789abcdef */
      sid: string;
      /** @description usage, count or price. */
      trigger_by: string;
      trigger_value: string;
      uri: string;
      usage_category: string;
      usage_record_uri: string;
    };
    UsageTriggerPage: components['schemas']['PageMeta'] & {
      usage_triggers: components['schemas']['UsageTrigger'][];
    };
    UserResponse: {
      user: components['schemas']['UserView'];
    };
    /** @description The user as the API shows it: never the hash. `balance` is a JSON number. */
    UserView: {
      /** Format: int64 */
      id: number;
      name: string;
      firstName: string;
      lastName: string;
      email: string;
      phone?: string | null;
      balance: components['schemas']['Money'];
      /** @description `client` or `admin`. */
      role: string;
      status: string;
      emailNotifications: boolean;
      smsNotifications: boolean;
      createdAt: string;
      lastLoginAt?: string | null;
      /** @description Signs in with a second step (an authenticator app's code). */
      twoFactor: boolean;
    };
    VerifiedCallerId: {
      /** @description E.164. */
      number: string;
      verifiedAt: string;
    };
    VerifiedCallerIds: {
      /** @description Oldest first, at most 50. */
      numbers: components['schemas']['VerifiedCallerId'][];
    };
    VerifyInput: {
      /** @description The number to verify, E.164. */
      number?: string;
      /** @description The code sent to it; empty when asking for a code. */
      code?: string;
    };
    WaitingRequest: {
      /** Format: int64 */
      id: number;
      /** Format: int64 */
      userId: number;
      name: string;
      email: string;
      /** @description `voice` or `sms`. */
      channel: string;
      country: string;
      note: string;
      createdAt: string;
    };
    /**
     * Format: binary
     * @description A call recording: the bytes of a WAV file. Documentation only.
     */
    WavFile: string;
    WebhookReceived: {
      /** @description Always true. */
      received: boolean;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;

/** A schema of the API by name: `Schema<'BalanceItem'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
