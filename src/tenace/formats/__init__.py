"""Record formats: PBN, LIN, JSON, USEBIO and dealing-machine files. Encodings stay in these modules."""
