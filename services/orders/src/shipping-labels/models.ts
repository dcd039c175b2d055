import mongoose, { Schema } from 'mongoose';
import { tenantOwned } from '@platform/db';

/**
 * A label the store bought for a shipping order (spec 3 carrier admin {id}/buy): what it cost, its tracking and
 * where it stands (bought, refund submitted, refunded, refund rejected). Read by `_id` only; the store's list is
 * kept in Redis (label-index.ts).
 */
const shippingLabelSchema = new Schema({
  orderId: { type: String, required: true },
  orderNumber: { type: String, required: true },
  customerName: { type: String, default: '' },
  locationId: { type: Number, required: true },
  /** The platform carrier it was bought through ('easypost'), and the shipment and rate there. */
  carrier: { type: String, default: 'easypost' },
  shipmentId: { type: String, required: true },
  rateId: { type: String, required: true },
  carrierName: { type: String, required: true },
  service: { type: String, required: true },
  rateCents: { type: Number, required: true },
  insuredCents: { type: Number, default: null },
  insuranceFeeCents: { type: Number, default: 0 },
  trackingCode: { type: String, required: true },
  trackingUrl: { type: String, default: null },
  parcel: { type: { _id: false, weightOz: Number, length: Number, width: Number, height: Number }, required: true },
  status: { type: String, enum: ['bought', 'refund_submitted', 'refunded', 'refund_rejected'], default: 'bought' },
  boughtAt: { type: Date, required: true },
  boughtBy: { type: String, default: null },
  refundAskedAt: { type: Date, default: null },
  refundAskedBy: { type: String, default: null },
  fileType: { type: String, default: 'application/pdf' },
}, { timestamps: true });
shippingLabelSchema.plugin(tenantOwned, { growing: true });
shippingLabelSchema.index({ tenantId: 1, boughtAt: -1 });
export const ShippingLabel = mongoose.models.ShippingLabel ?? mongoose.model('ShippingLabel', shippingLabelSchema);

/** A label's file (the carrier's PDF) as fetched when it was bought, under the label's own `_id`: it stays printable. */
const shippingLabelFileSchema = new Schema({
  _id: { type: Schema.Types.ObjectId, required: true },
  contentType: { type: String, required: true },
  data: { type: Buffer, required: true },
});
shippingLabelFileSchema.plugin(tenantOwned, { growing: true });
export const ShippingLabelFile = mongoose.models.ShippingLabelFile ?? mongoose.model('ShippingLabelFile', shippingLabelFileSchema);

export type StoredLabel = {
  _id: unknown; orderId: string; orderNumber: string; customerName?: string; locationId: number; carrier: string; shipmentId: string; rateId: string;
  carrierName: string; service: string; rateCents: number; insuredCents?: number | null; insuranceFeeCents?: number; trackingCode: string; trackingUrl?: string | null;
  parcel: { weightOz: number; length?: number | null; width?: number | null; height?: number | null };
  status: 'bought' | 'refund_submitted' | 'refunded' | 'refund_rejected'; boughtAt: Date; boughtBy?: string | null; refundAskedAt?: Date | null; refundAskedBy?: string | null; fileType?: string;
};

/**
 * A supplier's drop-ship account the store connected (Do it Best, Emery): the member or customer number, and the API
 * key the supplier issued, sealed as payment secrets are (never answered). One per store and supplier; a small
 * collection read by store and supplier.
 */
const dropShipAccountSchema = new Schema({
  supplier: { type: String, enum: ['doitbest', 'emery'], required: true },
  accountNumber: { type: String, required: true },
  apiKey: { type: String, required: true },
  description: { type: String, default: '' },
  connectedAt: { type: Date, required: true },
  connectedBy: { type: String, default: null },
});
dropShipAccountSchema.plugin(tenantOwned);
dropShipAccountSchema.index({ tenantId: 1, supplier: 1 }, { unique: true });
export const DropShipAccount = mongoose.models.DropShipAccount ?? mongoose.model('DropShipAccount', dropShipAccountSchema);
/**
 * The supplier's item number the store keeps for a product (drop-ship SKU mapping: our SKU, the spec's UPC, → the
 * supplier's item), set on the drop-ship prepare screen and asked for from then on; without one the SKU is sent. One
 * per store, supplier and SKU under the `_id` `<tenant>:supplier-item:<supplier>:<sku>`, read by `_id` only.
 */
const supplierItemSchema = new Schema({
  _id: { type: String, required: true },
  supplier: { type: String, enum: ['doitbest', 'emery'], required: true },
  sku: { type: String, required: true },
  item: { type: String, required: true },
  setAt: { type: Date, required: true },
  setBy: { type: String, default: null },
});
supplierItemSchema.plugin(tenantOwned, { growing: true });
export const SupplierItem = mongoose.models.SupplierItem ?? mongoose.model('SupplierItem', supplierItemSchema);

export type StoredDropShipAccount = { supplier: 'doitbest' | 'emery'; accountNumber: string; apiKey: string; description?: string; connectedAt: Date; connectedBy?: string | null };
