/** A passage as the lexical and the vector query both select it: the chunk, its file, its text. */
export interface PassageRow {
  id: string;
  file_id: string;
  name: string;
  heading: string;
  content: string;
}

export interface Passage {
  chunkId: string;
  fileId: string;
  fileName: string;
  heading: string;
  content: string;
}

export const passageOf = (r: PassageRow): Passage => ({
  chunkId: r.id,
  fileId: r.file_id,
  fileName: r.name,
  heading: r.heading,
  content: r.content,
});
