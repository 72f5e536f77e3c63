/**
 * What a document of one type prints about its subject, and the hash of it (canonical JSON,
 * SHA-256) that decides whether a stored PDF still describes the data: the PDF bytes are never
 * hashed (pdf-lib output is not byte-stable).
 */
import { canonicalJson, sha256Hex } from "../hash";
import type { CertificateContent, CertificateType } from "./content";

/**
 * Bump when the mapping below or the renderer's layout changes: every stored PDF is then built
 * again on its next request (the hash covers this number).
 */
export const CERTIFICATE_FORMAT_VERSION = 1;

/**
 * The part of the content a document of `type` prints. A change elsewhere (a new monitoring
 * month for a quality certificate, say) must not make a new certificate of this type.
 */
export function contentForType(type: CertificateType, content: CertificateContent): CertificateContent {
  const all = type === "declaration";
  const plotDetail = type === "eudr" || type === "deforestation";
  return {
    ...content,
    plots: plotDetail ? content.plots : content.plots.map((p) => ({ ...p, reasons: [], evidence: [] })),
    monitoring: all || type === "deforestation" ? content.monitoring : [],
    quality: all || type === "quality" ? content.quality : null,
    phytosanitary: all || type === "phytosanitary" ? content.phytosanitary : null,
    dds: all || type === "eudr" ? content.dds : null,
    relatedCertificates: all ? content.relatedCertificates : undefined,
  };
}

/** SHA-256 (hex) of what a document of `type` prints about its subject. */
export async function certificateDataHash(type: CertificateType, content: CertificateContent): Promise<string> {
  return sha256Hex(canonicalJson({ format: CERTIFICATE_FORMAT_VERSION, type, content: contentForType(type, content) }));
}
