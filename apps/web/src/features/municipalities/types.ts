/** A municipality of La Habana with the size of its address data. */
export interface Municipality {
  pk: number;
  municipio: string;
  popularCouncils: number;
  streets: number;
}
