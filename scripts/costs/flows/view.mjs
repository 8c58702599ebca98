/** A view: a signed-in buyer opens a car's page and the app counts the view. */
export const view = {
  name: 'a view',
  floor: {
    reads: 2,
    writes: 2,
    why: [
      'read: the listing (it must be online), the viewer\'s mark of the day (one view per viewer, listing and day)',
      'write: the mark, one shard of the listing\'s count',
    ],
  },
  async run({ api, tokens, demo }) {
    await api.post(`/api/views/${demo.car}`, {}, { token: tokens.acheteur });
  },
};
