//! Interactive prompt (stub).
