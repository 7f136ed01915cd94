import agent from './agent.json';
import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';
import gameErrors from './gameErrors.json';
import games from './games.json';
import help from './help.json';
import inbox from './inbox.json';
import lottery from './lottery.json';
import sports from './sports.json';
import live from './live.json';
import chat from './chat.json';
import pvp from './pvp.json';
import rewards from './rewards.json';
import lobby from './lobby.json';
import member from './member.json';
import operator from './operator.json';
import payments from './payments.json';
import records from './records.json';
import responsible from './responsible.json';
import support from './support.json';
import contracts from './contracts.json';
import wallet from './wallet.json';

/** English: the source language, the type of every key, and the fallback. */
export const en = {
  common,
  errors,
  gameErrors,
  auth,
  lobby,
  member,
  agent,
  help,
  wallet,
  payments,
  operator,
  games,
  records,
  support,
  contracts,
  inbox,
  lottery,
  sports,
  live,
  chat,
  pvp,
  rewards,
  responsible,
};
export type Resources = typeof en;
