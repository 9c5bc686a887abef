//! Tables as CGSuite prints them (language.md §9): each column right-aligned to its widest
//! cell, cells joined by ` | `, and between rows, per column that many `-` joined by `-+-`;
//! no outer border.

use unicode_width::UnicodeWidthStr;

/// The text of a table whose rows hold already printed cells (rows may differ in length).
pub fn render(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0; columns];
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.width());
        }
    }
    let rule = widths
        .iter()
        .map(|&w| "-".repeat(w))
        .collect::<Vec<_>>()
        .join("-+-");
    let lines: Vec<String> = rows
        .iter()
        .map(|row| {
            widths
                .iter()
                .enumerate()
                .map(|(i, &w)| {
                    let cell = row.get(i).map_or("", String::as_str);
                    format!("{}{cell}", " ".repeat(w - cell.width()))
                })
                .collect::<Vec<_>>()
                .join(" | ")
        })
        .collect();
    lines.join(&format!("\n{rule}\n"))
}

#[cfg(test)]
mod tests {
    use super::render;

    fn cells(rows: &[&[&str]]) -> Vec<Vec<String>> {
        rows.iter()
            .map(|r| r.iter().map(|c| c.to_string()).collect())
            .collect()
    }

    #[test]
    fn columns_align_right_with_rules_between_rows() {
        let t = render(&cells(&[&["0", "1", "2", "3"], &["1", "0", "3", "2"]]));
        assert_eq!(t, "0 | 1 | 2 | 3\n--+---+---+--\n1 | 0 | 3 | 2");
        let t = render(&cells(&[&["10", "*"], &["1"]]));
        assert_eq!(t, "10 | *\n---+--\n 1 |  ");
    }

    #[test]
    fn empty_table_is_empty_text() {
        assert_eq!(render(&[]), "");
    }
}
