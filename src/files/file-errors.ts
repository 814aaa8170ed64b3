/** Why an upload, or a kept file, is refused. */
export enum FileErrorReason {
  /** No kept file of this id the key may see. */
  NotFound = 'file.not_found',
  /** An upload's fields or parts that do not fit. */
  InvalidUpload = 'file.invalid_upload',
  /** The body is not well-formed multipart/form-data. */
  MalformedUpload = 'file.malformed_upload',
  /** A file, or the files of one request, larger than allowed. */
  TooLarge = 'file.too_large',
  /** A file its reader refuses (not of its kind, encrypted, too many pages...). */
  Refused = 'file.refused',
  /** The reader failed on the file. */
  ReaderFailed = 'file.reader_failed',
  /** No classification was given and none is the default. */
  ChooseClassification = 'file.choose_classification',
  /** The kept file was processed or deleted meanwhile. */
  ProcessedMeanwhile = 'file.processed_meanwhile',
}
