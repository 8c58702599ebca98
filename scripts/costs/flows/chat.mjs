/** A chat message: the demo buyer writes in its room with the demo seller (opened by the demo data). */
export const chat = {
  name: 'a chat message',
  floor: {
    reads: 2,
    writes: 3,
    why: [
      'read: the room (the sender must be in it), the recipient\'s unread count of the room',
      'write: the message, the room (last message, for the room list), the recipient\'s unread count',
    ],
  },
  async run({ api, tokens, demo }) {
    await api.post(`/api/chat/rooms/${demo.room}/messages`, { texte: 'Toujours disponible samedi ?' }, { token: tokens.acheteur });
  },
};
