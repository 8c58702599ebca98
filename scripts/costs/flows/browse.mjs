/** A search page and a listing read: an anonymous visitor searches cars in Cotonou, then opens the first one. */
export const browse = {
  name: 'a search page and a listing read',
  floor: {
    reads: 3,
    writes: 0,
    why: [
      'read: the page\'s listings (the demo holds 3 online cars; a query bills at least one read), then the listing opened',
      'no write: reading is free of side effects (a view is its own flow)',
    ],
  },
  async run({ api }) {
    const page = await api.get('/api/public/articles?type=voiture&ville=Cotonou&page=1&limit=20');
    if (!page.length) throw new Error('the demo data has no car in Cotonou to open');
    await api.get(`/api/public/articles/${page[0].id}`);
  },
};
