// pdfmake 0.3 ships no types (@types/pdfmake describes 0.2's callbacks); this covers the part the invoice uses.
declare module 'pdfmake' {
  interface FontFaces {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }

  interface OutputDocument {
    getBuffer(): Promise<Buffer>;
  }

  /** pdfmake's in-memory files: a font named in setFonts is looked up here before the disk. */
  interface VirtualFileSystem {
    writeFileSync(filename: string, content: Buffer): void;
  }

  interface PdfMake {
    virtualfs: VirtualFileSystem;
    setFonts(fonts: Record<string, FontFaces>): void;
    setUrlAccessPolicy(allow: (url: string) => boolean): void;
    setLocalAccessPolicy(allow: (path: string) => boolean): void;
    createPdf(definition: object): OutputDocument;
  }

  const pdfmake: PdfMake;
  export default pdfmake;
}
