//! A compact sequence of nim values (`nim_values(kayles, 10^7)`): a list of small naturals
//! stored as a flat array rather than one [`Value`](super::Value) per element.
//!
//! A `Value` is 32 bytes and a list of them costs that per element before any number is
//! boxed; a nim sequence of ten million heaps then took more than a gigabyte. Here each
//! element takes two bytes when every value fits in 16 bits, else four, and the array is an
//! ordinary heap allocation, so the counting allocator (and with it the memory ceiling) sees
//! exactly what it holds. It prints, indexes, compares and iterates as the list of its
//! integers would; only operations that need general values turn it into a list.

use std::fmt;

/// The elements, in the narrowest width that holds them all.
#[derive(Clone, PartialEq, Eq)]
enum Cells {
    U16(Box<[u16]>),
    U32(Box<[u32]>),
}

/// A sequence of naturals below 2^32, indexed from 0 here (the language's 1-based indexing
/// is the evaluator's concern).
#[derive(Clone)]
pub struct NimSequence {
    cells: Cells,
}

impl NimSequence {
    /// The sequence of `values`, narrowed to 16 bits when every value fits.
    pub fn new(values: &[u32]) -> NimSequence {
        let cells = if values.iter().all(|&v| v <= u32::from(u16::MAX)) {
            // Checked just above: every value fits, so the cast loses nothing.
            Cells::U16(values.iter().map(|&v| v as u16).collect())
        } else {
            Cells::U32(values.into())
        };
        NimSequence { cells }
    }

    /// Takes ownership of `values`, narrowing them when they all fit in 16 bits (which costs
    /// a second, half-size array for a moment) and keeping the vector's buffer otherwise.
    pub fn from_vec(values: Vec<u32>) -> NimSequence {
        if values.iter().any(|&v| v > u32::from(u16::MAX)) {
            return NimSequence {
                cells: Cells::U32(values.into_boxed_slice()),
            };
        }
        NimSequence::new(&values)
    }

    pub fn len(&self) -> usize {
        match &self.cells {
            Cells::U16(c) => c.len(),
            Cells::U32(c) => c.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Element `i` (from 0), if the sequence has one.
    pub fn get(&self, i: usize) -> Option<u32> {
        match &self.cells {
            Cells::U16(c) => c.get(i).map(|&v| u32::from(v)),
            Cells::U32(c) => c.get(i).copied(),
        }
    }

    /// The elements in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = u32> + ExactSizeIterator + '_ {
        // One iterator type for both widths: an index range read through `get`-style access.
        let cells = &self.cells;
        (0..self.len()).map(move |i| match cells {
            Cells::U16(c) => u32::from(c[i]),
            Cells::U32(c) => c[i],
        })
    }

    /// Elements `from..to` (from 0, `to` exclusive, clipped to the sequence) as a new
    /// sequence of the same width.
    pub fn slice(&self, from: usize, to: usize) -> NimSequence {
        let to = to.min(self.len());
        let from = from.min(to);
        let cells = match &self.cells {
            Cells::U16(c) => Cells::U16(c[from..to].into()),
            Cells::U32(c) => Cells::U32(c[from..to].into()),
        };
        NimSequence { cells }
    }

    pub fn max(&self) -> Option<u32> {
        self.iter().max()
    }

    pub fn min(&self) -> Option<u32> {
        self.iter().min()
    }

    /// The sum of the elements: u128 holds the sum of any sequence that fits in memory.
    pub fn sum(&self) -> u128 {
        self.iter().map(u128::from).sum()
    }

    /// Bytes the elements take (2 or 4 per element).
    pub fn bytes(&self) -> usize {
        match &self.cells {
            Cells::U16(c) => std::mem::size_of_val(&**c),
            Cells::U32(c) => std::mem::size_of_val(&**c),
        }
    }
}

impl PartialEq for NimSequence {
    /// Equal elements, whatever the width they are stored in.
    fn eq(&self, other: &Self) -> bool {
        match (&self.cells, &other.cells) {
            (Cells::U16(a), Cells::U16(b)) => a == b,
            (Cells::U32(a), Cells::U32(b)) => a == b,
            _ => self.len() == other.len() && self.iter().eq(other.iter()),
        }
    }
}

impl Eq for NimSequence {}

impl fmt::Debug for NimSequence {
    /// Short: a debug print of ten million elements helps no one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = match self.cells {
            Cells::U16(_) => 16,
            Cells::U32(_) => 32,
        };
        write!(f, "NimSequence(u{width}; {} elements", self.len())?;
        let shown: Vec<u32> = self.iter().take(8).collect();
        write!(f, "; {shown:?}")?;
        if self.len() > shown.len() {
            f.write_str("…")?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for NimSequence {
    /// As a list of integers prints: `[0,1,1,2]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{v}")?;
        }
        f.write_str("]")
    }
}

#[cfg(test)]
mod tests {
    use super::NimSequence;

    #[test]
    fn narrows_to_16_bits_when_every_value_fits() {
        let s = NimSequence::new(&[0, 1, 65535]);
        assert_eq!(s.bytes(), 6);
        let wide = NimSequence::new(&[0, 65536]);
        assert_eq!(wide.bytes(), 8);
        assert_eq!(NimSequence::from_vec(vec![3, 70000, 2]).bytes(), 12);
        assert_eq!(NimSequence::from_vec(vec![3, 7, 2]).bytes(), 6);
    }

    #[test]
    fn reads_back_what_it_was_given() {
        let values = [0, 1, 1, 2, 70000, 4];
        let s = NimSequence::new(&values);
        assert_eq!(s.len(), 6);
        assert!(s.iter().eq(values.iter().copied()));
        assert_eq!(s.get(4), Some(70000));
        assert_eq!(s.get(6), None);
        assert_eq!(s.max(), Some(70000));
        assert_eq!(s.min(), Some(0));
        assert_eq!(s.sum(), 70008);
        assert_eq!(s.to_string(), "[0,1,1,2,70000,4]");
        assert_eq!(NimSequence::new(&[]).to_string(), "[]");
        assert_eq!(NimSequence::new(&[]).max(), None);
    }

    #[test]
    fn slices_clip_and_equality_ignores_width() {
        let s = NimSequence::new(&[5, 6, 7, 8]);
        assert_eq!(s.slice(1, 3).to_string(), "[6,7]");
        assert_eq!(s.slice(3, 10).to_string(), "[8]");
        assert!(s.slice(5, 2).is_empty());
        let wide = NimSequence::new(&[1, 70000]).slice(0, 1);
        assert_eq!(wide, NimSequence::new(&[1]));
        assert_ne!(wide, NimSequence::new(&[2]));
    }
}
