import { z } from 'zod';
import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { InvoiceIdParams, InvoiceListQuery, InvoiceView } from './schemas';
import * as service from './service';

const tags = ['Invoices'];

export const router = new ApiRouter()
  .list({
    method: 'get',
    path: '/api/invoices',
    operationId: 'listMyInvoices',
    tags,
    summary: 'The caller’s invoices, as buyer (`Invoice`) and as seller (its part: `SellerInvoice`), or one side with `side`, newest first',
    access: 'profile',
    reads: pagedReads(),
    query: InvoiceListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of invoices', item: InvoiceView },
    handle: ({ caller, query }) => service.myInvoices(caller, query, pageRequest(query)),
  })
  .json({
    method: 'patch',
    path: '/api/invoices/read-all',
    operationId: 'markAllMyInvoicesRead',
    tags,
    summary: 'Marks up to 400 of the caller’s unread invoices read (`hasMore`: call again)',
    access: 'profile',
    success: { description: 'How many were marked', data: z.object({ marked: z.number().int(), hasMore: z.boolean() }) },
    handle: ({ caller }) => service.markAllRead(caller),
  })
  .json({
    method: 'get',
    path: '/api/invoices/:id',
    operationId: 'getInvoice',
    tags,
    summary: 'One invoice: its buyer and admins read all of it (`Invoice`), a seller its own part (`SellerInvoice`)',
    access: 'profile',
    params: InvoiceIdParams,
    errors: ['INVOICE_NOT_FOUND'],
    success: { description: 'The invoice, or the caller’s part of it', data: InvoiceView },
    handle: ({ caller, params }) => service.readInvoice(caller, params.id),
  })
  .json({
    method: 'patch',
    path: '/api/invoices/:id/read',
    operationId: 'markInvoiceRead',
    tags,
    summary: 'Marks one of the caller’s invoices read',
    access: 'profile',
    params: InvoiceIdParams,
    errors: ['INVOICE_NOT_FOUND'],
    success: { description: 'The invoice, or the caller’s part of it', data: InvoiceView },
    handle: ({ caller, params }) => service.markRead(caller, params.id),
  })
  .file({
    method: 'get',
    path: '/api/invoices/:id/pdf',
    operationId: 'getInvoicePdf',
    tags,
    summary: 'One invoice as a PDF: the whole invoice for its buyer and admins, a seller’s own part for a seller',
    description:
      'The whole invoice’s PDF is stored privately when the invoice is issued (a stored document of the register, `facture`); a seller’s part is rendered at each download, never stored. Once a superAdmin deleted the stored PDF, every party gets 410 DOCUMENT_DELETED: it is not made again.',
    access: 'profile',
    params: InvoiceIdParams,
    errors: ['INVOICE_NOT_FOUND', 'DOCUMENT_DELETED'],
    success: { description: 'The PDF', contentTypes: ['application/pdf'] },
    handle: async ({ caller, params }) => ({ data: Buffer.from((await service.invoicePdf(caller, params.id)).bytes), contentType: 'application/pdf' }),
  });
