/**
 * The PDF of an invoice (pdf-lib), in the text fonts of core/pdf-fonts.ts: the parties' names as
 * they wrote them, whatever their letters. Imported lazily by the download route only.
 */
import { PDFDocument } from 'pdf-lib';
import { formatDay } from '../../../core/local-time';
import { embedTextFonts, printable } from '../../../core/pdf-fonts';
import type { InvoiceDocument } from './model';

/** `1 234 500 XOF`, grouped with plain spaces. */
export const amount = (value: number) => `${String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} XOF`;

/** `fraisLivraison: false` for a seller's part: the delivery fee is not the seller's to bill. */
export async function renderInvoicePdf(invoice: InvoiceDocument, show: { fraisLivraison: boolean } = { fraisLivraison: true }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(invoice.numero);
  const { regular: font, bold } = await embedTextFonts(pdf);
  let page = pdf.addPage([595, 842]);
  let y = 790;
  const line = (text: string, size = 10, useBold = false) => {
    if (y < 60) {
      page = pdf.addPage([595, 842]);
      y = 790;
    }
    page.drawText(printable(text), { x: 50, y, size, font: useBold ? bold : font });
    y -= size + 8;
  };
  line(`Facture ${invoice.numero}`, 18, true);
  line(`Date : ${formatDay(invoice.issuedAt.toDate(), 'fr')}`);
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
