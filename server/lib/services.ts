import { Collection, type Db } from './db';
import type { Json } from './spec';

export interface StoredUser {
  id: number;
  username: string;
  fio: string;
  lastname: string;
  firstname: string;
  middlename: string | null;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  gender: number | null;
  country: string | null;
  region: string | null;
  city: string | null;
  site: string | null;
  work_position: string | null;
  work_company: string | null;
  avatar_path: string | null;
  avatar_base_url: string | null;
  groups: number[];
  created_at: number;
  logged_at: number | null;
  send_email?: 0 | 1;
}

export interface AuthUser extends StoredUser {
  token: string;
  impersonatedBy: number | null;
}

/** A controllable clock: tests move server time instead of waiting (e.g. notification polling, token expiry). */
export class Clock {
  offsetMs = 0;
  now(): number {
    return Date.now() + this.offsetMs;
  }
  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }
}

export interface Services {
  db: Db;
  clock: Clock;
  tokenTtlSeconds: number;
  collection<T extends { id?: Json }>(name: string): Collection<T>;
}

export function createServices(db: Db, options: { tokenTtlSeconds: number }): Services {
  const clock = new Clock();
  const cache = new Map<string, Collection<Json>>();
  return {
    db,
    clock,
    tokenTtlSeconds: options.tokenTtlSeconds,
    collection<T extends { id?: Json }>(name: string) {
      if (!cache.has(name)) cache.set(name, new Collection<Json>(db, name));
      return cache.get(name) as unknown as Collection<T>;
    },
  };
}

export const ROLE_NAMES: Record<number, string> = {
  1: 'Менеджер',
  2: 'Администратор',
  3: 'Администратор конкурса',
  4: 'Монитор по содержанию',
  5: 'Эксперт',
  7: 'Победитель',
  8: 'Пользователь',
  10: 'Монитор внешний',
};

export const hasRole = (user: { groups: number[] } | null | undefined, ...roles: number[]) =>
  !!user && user.groups.some((g) => roles.includes(g));
