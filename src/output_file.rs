//! Writing a file without losing the one it replaces: the new contents go to a file aside
//! (`NAME.partial`, in the same folder) that is renamed over the old one once complete, so a
//! reader never sees half a file, and a write that fails (a full disk, a folder that can't take
//! the file) leaves the old file as it was and nothing aside. A name that is no regular file (a
//! pipe, `/dev/stdout`, a terminal) is written in place, as there is nothing to keep; a symbolic
//! link is followed, so the file it points to is the one replaced. The app's own files
//! (`ui::file_saver`) and `nonet-cli`'s outputs (`pdf`, `history --export`) are written this way.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// Who may read a file written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The owner only: the file 0600, folders made for it 0700 (the player's scripts).
    Private,
    /// A new file as the umask has it; a replaced one keeps its permissions.
    Default,
}

/// A file being written; [`OutputFile::finish`] puts it in place. Dropped unfinished, it leaves
/// the old file as it was and removes what was written aside.
pub struct OutputFile {
    file: File,
    /// The file aside and the path it replaces once finished; `None` when written in place.
    aside: Option<(PathBuf, PathBuf)>,
}

impl OutputFile {
    pub fn create(path: &Path, access: Access) -> io::Result<OutputFile> {
        let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        let old = std::fs::metadata(&target).ok();
        if old.as_ref().is_some_and(|m| !m.is_file()) {
            let file = OpenOptions::new().write(true).open(&target)?;
            return Ok(OutputFile { file, aside: None });
        }
        if access == Access::Private {
            if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
            }
        }
        let mut aside = target.as_os_str().to_os_string();
        aside.push(".partial");
        let aside = PathBuf::from(aside);
        let mut options = OpenOptions::new();
        options.write(true).create(true).truncate(true);
        if access == Access::Private {
            options.mode(0o600);
        }
        let file = options.open(&aside)?;
        // Removed again if anything below fails.
        let output = OutputFile {
            file,
            aside: Some((aside, target)),
        };
        let permissions = match (access, &old) {
            (Access::Private, _) => Some(std::fs::Permissions::from_mode(0o600)),
            (Access::Default, Some(old)) => Some(old.permissions()),
            (Access::Default, None) => None,
        };
        if let Some(permissions) = permissions {
            output.file.set_permissions(permissions)?;
        }
        Ok(output)
    }

    /// The open file, to write to (a `&File` writes too, and `try_clone` hands it on).
    pub fn file(&self) -> &File {
        &self.file
    }

    /// Puts the file written in place of the old one.
    pub fn finish(mut self) -> io::Result<()> {
        self.file.flush()?;
        match self.aside.take() {
            Some((aside, target)) => std::fs::rename(&aside, &target).inspect_err(|_| {
                let _ = std::fs::remove_file(&aside);
            }),
            None => Ok(()),
        }
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if let Some((aside, _)) = self.aside.take() {
            let _ = std::fs::remove_file(aside);
        }
    }
}

/// Writes `contents` as the file at `path` (see the module's comment).
pub fn write_replacing(path: &Path, contents: &[u8], access: Access) -> io::Result<()> {
    let output = OutputFile::create(path, access)?;
    output.file().write_all(contents)?;
    output.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn a_file_is_replaced_whole_and_keeps_its_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv");
        write_replacing(&path, b"first", Access::Default).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_replacing(&path, b"second", Access::Default).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        assert_eq!(mode(&path), 0o640);
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["out.csv"]);
    }

    #[test]
    fn an_unfinished_or_failed_write_leaves_the_old_file_and_nothing_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("puzzles.pdf");
        std::fs::write(&path, "old").unwrap();
        let output = OutputFile::create(&path, Access::Default).unwrap();
        output.file().write_all(b"half of it").unwrap();
        drop(output);
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert!(!dir.path().join("puzzles.pdf.partial").exists());
        // A folder in the way: written aside, the rename fails, nothing is left aside.
        let folder = dir.path().join("taken");
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(folder.join("inside"), "kept").unwrap();
        assert!(write_replacing(&folder, b"new", Access::Default).is_err());
        assert_eq!(std::fs::read(folder.join("inside")).unwrap(), b"kept");
        assert!(!dir.path().join("taken.partial").exists());
    }

    #[test]
    fn a_link_is_followed_and_a_device_is_written_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        let link = dir.path().join("link.txt");
        std::fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_replacing(&link, b"new", Access::Default).unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        // No file aside in /dev: the device itself is written, and its error told.
        let full = write_replacing(Path::new("/dev/full"), b"x", Access::Default).unwrap_err();
        assert_eq!(full.raw_os_error(), Some(28), "{full}");
        write_replacing(Path::new("/dev/null"), b"x", Access::Default).unwrap();
    }

    #[test]
    fn private_files_and_their_folders_are_the_owners_only() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("made/for/it/lab.rhai");
        write_replacing(&path, b"script", Access::Private).unwrap();
        assert_eq!(mode(&path), 0o600);
        assert_eq!(mode(path.parent().unwrap()), 0o700);
    }
}
