/**
 * The PDF of an invoice (pdf-lib, standard Helvetica: no font file to ship). Imported lazily by
 * the download route only. Text outside WinAnsi (the standard fonts' encoding) is replaced by `?`.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { InvoiceDocument } from './model';

const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const safe = (text: string) =>
  [...text].map((char) => (char.charCodeAt(0) < 0x7f && char.charCodeAt(0) >= 0x20) || (char.charCodeAt(0) >= 0xa0 && char.charCodeAt(0) <= 0xff) || WIN_ANSI_EXTRA.has(char) ? char : '?').join('');

/** `1 234 500 XOF`, with plain spaces (the standard fonts have no narrow no-break space). */
export const amount = (value: number) => `${String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} XOF`;

/** `fraisLivraison: false` for a seller's part: the delivery fee is not the seller's to bill. */
export async function renderInvoicePdf(invoice: InvoiceDocument, show: { fraisLivraison: boolean } = { fraisLivraison: true }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(invoice.numero);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([595, 842]);
  let y = 790;
  const line = (text: string, size = 10, useBold = false) => {
    if (y < 60) {
      page = pdf.addPage([595, 842]);
      y = 790;
    }
    page.drawText(safe(text), { x: 50, y, size, font: useBold ? bold : font });
    y -= size + 8;
  };
  line(`Facture ${invoice.numero}`, 18, true);
  line(`Date : ${invoice.issuedAt.toDate().toISOString().slice(0, 10)}`);
  line(`${invoice.source.kind === 'commande' ? 'Commande' : 'Achat'} : ${invoice.source.id}`);
  line(`Acheteur : ${invoice.acheteur.nom}${invoice.acheteur.telephone ? ` (${invoice.acheteur.telephone})` : ''}`);
  for (const vendeur of invoice.vendeurs) line(`Vendeur : ${vendeur.nom}${vendeur.telephone ? ` (${vendeur.telephone})` : ''}`);
  y -= 10;
  for (const item of invoice.lignes) line(`${item.designation} x ${item.quantite} a ${amount(item.prixUnitaire)} = ${amount(item.montant)}`);
  y -= 10;
  line(`Sous-total : ${amount(invoice.sousTotal)}`);
  if (show.fraisLivraison) line(`Livraison : ${amount(invoice.fraisLivraison)}`);
  line(`Total : ${amount(invoice.total)}`, 12, true);
  return pdf.save();
}
