import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  fetchUserInfo,
  loginRequest,
  logoutRequest,
  secondStepRequest,
  signupRequest,
} from './auth-api';
import { AuthContext, type AuthContextValue, type SecondStep, type User } from './auth-context';
import { clearAuthToken, setAuthToken } from './auth-cookie';

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(true);
  // Where a logout started: until the route moves on, guards must not redirect.
  const [leftFrom, setLeftFrom] = useState<string | null>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const leaving = leftFrom === pathname;
  const pathnameRef = useRef(pathname);

  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    let active = true;
    // A visitor without a session is fine on public pages: no redirect from here.
    fetchUserInfo({ redirectOnAuthFailure: false })
      .then((loaded) => {
        if (active) setUser(loaded);
      })
      .catch(() => {
        if (!active) return;
        setUser(null);
        // The admin guard sends non-admins to /login itself (SPEC 6).
        if (pathnameRef.current.startsWith('/client')) navigate('/', { replace: true });
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [navigate]);

  const signedIn = useCallback(
    (loggedIn: User, accessToken: string, remember: boolean) => {
      setAuthToken(accessToken, remember);
      setUser(loggedIn);
      toast.success('Logged in successfully');
      navigate('/');
      return loggedIn;
    },
    [navigate],
  );

  const login = useCallback(
    async (email: string, password: string, remember: boolean): Promise<User | SecondStep> => {
      setLoading(true);
      try {
        const answer = await loginRequest(email, password, remember);
        if ('challenge' in answer) return { challenge: answer.challenge, remember };
        return signedIn(answer.user, answer.accessToken, remember);
      } catch (error) {
        toast.error('Invalid credentials');
        throw error;
      } finally {
        setLoading(false);
      }
    },
    [signedIn],
  );

  const completeLogin = useCallback(
    async (step: SecondStep, code: string) => {
      const { user: loggedIn, accessToken } = await secondStepRequest(step.challenge, code);
      return signedIn(loggedIn, accessToken, step.remember);
    },
    [signedIn],
  );

  const signup = useCallback(
    async (name: string, email: string, password: string) => {
      try {
        await signupRequest(name, email, password);
        toast.success('Account created successfully');
        navigate('/login');
      } catch (error) {
        console.log('Signup failed', error);
        toast.error('Signup failed');
        throw error;
      }
    },
    [navigate],
  );

  const logout = useCallback(
    async (callback?: () => void) => {
      try {
        await logoutRequest();
      } catch {
        // The local session ends whatever the server answers.
      }
      // Set with the user cleared, in one render: the admin guard would otherwise see
      // no user while still on /admin and send it to /login instead of / (SPEC 2).
      setLeftFrom(pathnameRef.current);
      setUser(null);
      clearAuthToken();
      toast.success('Logged out successfully');
      callback?.();
      navigate('/');
    },
    [navigate],
  );

  const refreshUser = useCallback(async () => {
    try {
      const loaded = await fetchUserInfo();
      setUser(loaded);
      return loaded;
    } catch {
      return null;
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, leaving, login, completeLogin, signup, logout, refreshUser, setUser }),
    [user, loading, leaving, login, completeLogin, signup, logout, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
