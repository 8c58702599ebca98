import { z } from 'zod';
import { ApiRouter } from '../../../core/http';
import { pagedReads } from '../../../core/read-ceiling';
import { pageRequest } from '../../../core/pagination';
import { Invoice, InvoiceIdParams, InvoiceListQuery } from './schemas';
import * as service from './service';

const tags = ['Invoices'];

export const router = new ApiRouter()
  .list({
    method: 'get',
    path: '/api/invoices',
    tags,
    summary: 'The caller’s invoices, as buyer and as seller (or one side with `side`), newest first',
    access: 'profile',
    reads: pagedReads(),
    query: InvoiceListQuery,
    errors: ['PAGE_TOO_DEEP'],
    success: { description: 'A page of invoices', item: Invoice },
    handle: ({ caller, query }) => service.myInvoices(caller, query, pageRequest(query)),
  })
  .json({
    method: 'patch',
    path: '/api/invoices/read-all',
    tags,
    summary: 'Marks up to 400 of the caller’s unread invoices read (`hasMore`: call again)',
    access: 'profile',
    success: { description: 'How many were marked', data: z.object({ marked: z.number().int(), hasMore: z.boolean() }) },
    handle: ({ caller }) => service.markAllRead(caller),
  })
  .json({
    method: 'get',
    path: '/api/invoices/:id',
    tags,
    summary: 'One of the caller’s invoices',
    access: 'profile',
    params: InvoiceIdParams,
    errors: ['INVOICE_NOT_FOUND'],
    success: { description: 'The invoice', data: Invoice },
    handle: ({ caller, params }) => service.readInvoice(caller, params.id),
  })
  .json({
    method: 'patch',
    path: '/api/invoices/:id/read',
    tags,
    summary: 'Marks one of the caller’s invoices read',
    access: 'profile',
    params: InvoiceIdParams,
    errors: ['INVOICE_NOT_FOUND'],
    success: { description: 'The invoice', data: Invoice },
    handle: ({ caller, params }) => service.markRead(caller, params.id),
  })
  .file({
    method: 'get',
    path: '/api/invoices/:id/pdf',
    tags,
    summary: 'One of the caller’s invoices as a PDF',
    description: 'The PDF is stored privately when the invoice is issued (a stored document of the register, `facture`). One a superAdmin deleted answers 410 DOCUMENT_DELETED: it is not made again.',
    access: 'profile',
    params: InvoiceIdParams,
    errors: ['INVOICE_NOT_FOUND', 'DOCUMENT_DELETED'],
    success: { description: 'The PDF', contentTypes: ['application/pdf'] },
    handle: async ({ caller, params }) => ({ data: Buffer.from((await service.invoicePdf(caller, params.id)).bytes), contentType: 'application/pdf' }),
  });
