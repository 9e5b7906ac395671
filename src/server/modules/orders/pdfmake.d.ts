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

  interface PdfMake {
    setFonts(fonts: Record<string, FontFaces>): void;
    setUrlAccessPolicy(allow: (url: string) => boolean): void;
    setLocalAccessPolicy(allow: (path: string) => boolean): void;
    createPdf(definition: object): OutputDocument;
  }

  const pdfmake: PdfMake;
  export default pdfmake;
}
