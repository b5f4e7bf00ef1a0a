// The session channels on the bus and what they carry: published by the auth domain, heard by the websocket
// layer (which closes or updates the sockets of a session) and by every instance's session cache.

export interface SessionInfo {
  id: string;
  userId: string;
  expiresAt: number;
  lastActiveAt: number;
  locked: boolean;
  /** Set when the session has ended: 'logout' | 'kicked' | 'replaced' | 'disabled'. */
  endReason: string | null;
}

/** Bus channels of sessions. */
export const SESSION_ENDED = 'session.ended';
export const SESSION_CHANGED = 'session.changed';
export interface SessionEndedEvent {
  sessionId: string;
  userId: string;
  reason: string;
  msg: string;
}
